import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../session/harness.js";
import { declaredClientEventTypes, declaredInputItemTypes } from "./openai-declarations.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

type Frame = { type?: string; input?: Array<{ type?: string }> };

// Issue 22: the 7.59 types are the contract. Every frame and input item a lite session sends —
// additional_tools, an in-band configuration_update, a tool call and its output, a remote
// compaction's trigger and item — is a member of what `openai` 7.59 declares.
describe("what mini-codex sends, against the openai 7.59 declarations", () => {
  it("a lite session's frames and input items are all declared client events and input items", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra", effort: "medium" } });
    await h.session.send("hello there");
    h.session.update({ effort: "high" });
    await h.session.send("run: echo hi");
    await h.session.compact();
    await h.session.send("after the compaction");
    const frames = h.requests().map((request) => request.body as Frame);
    const events = new Set(declaredClientEventTypes());
    const items = new Set(declaredInputItemTypes());
    const sentItems = new Set(
      frames.flatMap((f) => (f.input ?? []).map((i) => i.type ?? "message")),
    );
    // the session did send the 2026 shapes (else this test would prove nothing)
    for (const expected of ["additional_tools", "configuration_update", "compaction_trigger"])
      expect(sentItems).toContain(expected);
    expect(frames.map((f) => f.type).filter((type) => !events.has(type ?? ""))).toEqual([]);
    expect([...sentItems].filter((type) => !items.has(type))).toEqual([]);
  });
});
