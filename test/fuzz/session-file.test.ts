import { describe, expect, it } from "vitest";
import { parseSessionFile, SessionFileError } from "../../src/session/store/session-file-read.js";
import { InconsistentHistoryError, repairHistory } from "../../src/session/wire/history-repair.js";
import { fuzz, mutateMany } from "./harness.js";

const LINES = [
  {
    type: "session_meta",
    id: "s1",
    created: "2026-12-01T10:00:00Z",
    cwd: "/w",
    model: "m",
    provider: "demo",
  },
  {
    type: "item",
    item: { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] },
  },
  {
    type: "item",
    item: {
      type: "function_call",
      name: "shell_command",
      call_id: "c1",
      arguments: '{"command":"ls"}',
    },
  },
  { type: "item", item: { type: "function_call_output", call_id: "c1", output: "Exit code: 0" } },
  {
    type: "item",
    item: {
      type: "custom_tool_call",
      name: "apply_patch",
      call_id: "c2",
      input: "*** Begin Patch",
    },
  },
  { type: "item", item: { type: "custom_tool_call_output", call_id: "c2", output: "ok" } },
  {
    type: "item",
    item: { type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] },
  },
  {
    type: "history_replaced",
    items: [{ type: "message", role: "user", content: [{ type: "input_text", text: "summary" }] }],
  },
];
const SESSION = `${LINES.map((line) => JSON.stringify(line)).join("\n")}\n`;
const TOKENS = [
  "\n",
  "{",
  "}",
  '"call_id":"c9"',
  '"type":"item"',
  "null",
  "\u0000",
  '{"type":"item","item":{"type":"function_call_output","call_id":"zz","output":"x"}}\n',
];

describe("fuzz: session files", { timeout: 60_000 }, () => {
  it("a corrupt session file resumes with every call paired, or fails with a typed error", async () => {
    const cases = await fuzz(
      "session-file",
      1_500,
      (rng) => mutateMany(rng, SESSION, 6, TOKENS),
      async (text) => {
        try {
          const saved = parseSessionFile(text);
          // what a resume would send: every call paired, or a clear refusal
          const { history } = repairHistory(saved.history);
          const outputs = history.filter((i) => i.type.endsWith("_call_output")).length;
          const calls = history.filter(
            (i) => i.type === "function_call" || i.type === "custom_tool_call",
          );
          expect(outputs).toBeGreaterThanOrEqual(calls.length);
        } catch (error) {
          if (!(error instanceof SessionFileError || error instanceof InconsistentHistoryError))
            throw error;
        }
      },
    );
    expect(cases).toBe(1_500);
  });
});
