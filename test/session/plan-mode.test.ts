import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { messageText, type ResponseItem } from "../../src/protocol/items.js";
import type { UserInputRequest } from "../../src/tools/types.js";
import { type Harness, startHarness, wireInput } from "./harness.js";

// Issue 46, item 1, on the engine with the demo server over a real socket: Plan mode explores
// read-only on its own effort, asks through the session's askUser hook, and the switch back to
// Default keeps the chain and the cached prefix (the same `instructions` and `tools` throughout).
let h: Harness;
afterEach(async () => {
  await h?.close();
});

type Body = { instructions?: string; tools?: unknown; reasoning?: { effort?: string } };
const outputsOf = (h: Harness) =>
  h.session
    .history()
    .filter(
      (item) => item.type === "function_call_output" || item.type === "custom_tool_call_output",
    )
    .map((item) => String(item.output));
const modeMessages = (items: readonly ResponseItem[]) =>
  items
    .filter((item) => item.type === "message" && item.role === "developer")
    .map((item) => messageText(item) ?? "")
    .filter((text) => text.startsWith("<collaboration_mode>"))
    .map((text) => text.split("\n")[1]);

const ASK = `call request_user_input ${JSON.stringify({
  questions: [
    { id: "a", header: "A", question: "Which?", options: [{ label: "x", description: "" }] },
  ],
})}`;

describe("Plan mode in a session (issue 46, item 1)", () => {
  it("asks, plans read-only at its effort, then implements in Default: one chain, same instructions and tools", async () => {
    const asked: UserInputRequest[] = [];
    h = await startHarness({
      settings: { model: "gpt-5-codex", effort: "high" },
      approvalPolicy: "on-request",
      askUser: async (request) => {
        asked.push(request);
        return { answers: { [request.questions[0]?.id ?? ""]: { answers: ["docs/hello.txt"] } } };
      },
    });
    await h.session.prepare();
    h.session.setMode("plan");
    expect(h.session.status()).toMatchObject({ mode: "plan", effort: "medium" });

    const planned = await h.session.send("add a greeting");
    expect(asked).toHaveLength(1);
    expect(asked[0]?.questions[0]?.options.map((o) => o.label)).toHaveLength(3);
    expect(planned.lastMessage).toContain("<proposed_plan>");
    expect(planned.lastMessage).toContain("write docs/hello.txt: add a greeting");

    // still Plan: a patch is refused, a command runs read-only (the session is workspace-write)
    await h.session.send("write x.txt: hi");
    await h.session.send("run: touch y.txt");
    expect(outputsOf(h).some((o) => o.startsWith("plan mode is read-only: apply_patch"))).toBe(
      true,
    );
    expect(existsSync(join(h.cwd, "x.txt"))).toBe(false);
    expect(existsSync(join(h.cwd, "y.txt"))).toBe(false);

    h.session.setMode("default");
    expect(h.session.status()).toMatchObject({ mode: "default", effort: "high" });
    const before = h.requests().length;
    await h.session.send("Implement the plan.");
    expect(readFileSync(join(h.cwd, "docs/hello.txt"), "utf8")).toBe("add a greeting\n");

    // the model was told each mode once, as developer messages in the input
    expect(modeMessages(h.session.history())).toEqual(["mode: Plan", "mode: Default"]);
    const bodies = h.requests().map((r) => r.body as Body);
    expect(new Set(bodies.map((b) => b.instructions)).size).toBe(1);
    expect(new Set(bodies.map((b) => JSON.stringify(b.tools))).size).toBe(1);
    const efforts = bodies.map((b) => b.reasoning?.effort);
    expect(efforts.slice(1, before)).toEqual(Array(before - 1).fill("medium"));
    expect(efforts.slice(before).every((e) => e === "high")).toBe(true);
    // the first implementation request continued the high lane the warm-up opened: incremental
    const first = h.ledger().find((row) => row.seq === before + 1);
    expect(first).toMatchObject({ mode: "ws_incremental", lane: "high", effort: "high" });
    // its delta: what happened since the lane's last use, ending with Default mode's message
    expect(modeMessages(wireInput(h.requests()[before])).at(-1)).toBe("mode: Default");

    // in Default mode the model's question is refused without asking anybody
    await h.session.send(ASK);
    expect(outputsOf(h).at(-1)).toMatch(/^request_user_input is unavailable in Default mode/);
    expect(asked).toHaveLength(1);
  }, 30_000);
});
