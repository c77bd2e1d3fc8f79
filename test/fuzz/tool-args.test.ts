import { mkdir, rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolCallItem } from "../../src/protocol/items.js";
import { resolveSettings } from "../../src/settings/index.js";
import { createToolRouter } from "../../src/tools/index.js";
import {
  execute,
  makeContext,
  readTree,
  type TempWorkspace,
  tempWorkspace,
  textOutput,
} from "../tools/helpers.js";
import { fuzz, mutateMany, NASTY } from "./harness.js";
import type { Prng } from "./prng.js";

const VALID: Record<string, unknown> = {
  update_plan: {
    explanation: "why",
    plan: [
      { step: "read", status: "completed" },
      { step: "write", status: "in_progress" },
    ],
  },
  apply_patch: { input: "*** Begin Patch\n*** Add File: x.txt\n+x\n*** End Patch" },
  shell_command: { command: 1, timeout_ms: "soon" },
};

const TOKENS = [
  '"',
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  "null",
  "true",
  "1e999",
  '"__proto__":{}',
  "\\u0000",
  "\\",
];

function randomJson(rng: Prng, depth: number): unknown {
  const roll = rng.int(depth > 6 ? 5 : 8);
  if (roll === 0) return null;
  if (roll === 1) return rng.chance(0.5);
  if (roll === 2) return rng.pick([0, -1, 1e308, Number.MAX_SAFE_INTEGER, 0.5]);
  if (roll === 3) return rng.string(rng.int(20), NASTY);
  if (roll === 4) return rng.pick(["pending", "in_progress", "completed", "", "*** Begin Patch"]);
  if (roll === 5) return Array.from({ length: rng.int(4) }, () => randomJson(rng, depth + 1));
  const keys = ["plan", "step", "status", "explanation", "input", "command", "__proto__", "x"];
  return Object.fromEntries(
    Array.from({ length: rng.int(4) }, () => [rng.pick(keys), randomJson(rng, depth + 1)]),
  );
}

function malformedCall(rng: Prng): ToolCallItem {
  const name = rng.pick(["update_plan", "apply_patch", "shell_command", "no_such_tool", ""]);
  const base = VALID[name] ?? {};
  const roll = rng.int(4);
  const args =
    roll === 0
      ? JSON.stringify(randomJson(rng, 0))
      : roll === 1
        ? "[".repeat(rng.int(5000))
        : mutateMany(rng, JSON.stringify(base), 4, TOKENS);
  if (rng.chance(0.1)) return { type: "custom_tool_call", name, call_id: "c", input: args };
  return { type: "function_call", name, call_id: "c", arguments: args };
}

/** A shell_command call whose arguments name a command would run it: those are not fuzzed. */
function wouldRunCommand(call: ToolCallItem): boolean {
  if (call.name !== "shell_command") return false;
  try {
    const value = JSON.parse(call.type === "function_call" ? call.arguments : call.input);
    return typeof value?.command === "string";
  } catch {
    return false;
  }
}

describe("fuzz: tool-call arguments", { timeout: 60_000 }, () => {
  let ws: TempWorkspace;
  beforeAll(async () => {
    ws = await tempWorkspace();
  });
  afterAll(() => ws.cleanup());

  it("every malformed call becomes a tool output; nothing throws, nothing stray is written", async () => {
    const patchRouter = createToolRouter({
      config: resolveSettings({ apply_patch_tool_type: "function" }),
    });
    let ran = 0;
    const cases = await fuzz("tool-args", 2_000, malformedCall, async (call) => {
      if (wouldRunCommand(call)) return;
      ran += 1;
      const sandbox = call.name === "shell_command" ? "read-only" : "workspace-write";
      const output = textOutput(await execute(patchRouter, call, makeContext(ws.ws, { sandbox })));
      expect(output.length).toBeGreaterThan(0);
      if (output.startsWith("Success.")) {
        // a patch that still applied after the mutation: start again from an empty workspace
        await rm(ws.ws, { recursive: true, force: true });
        await mkdir(ws.ws);
      }
      expect(await readTree(ws.ws)).toEqual({});
    });
    expect(cases).toBe(2_000);
    expect(ran).toBeGreaterThan(1_800);
  });
});
