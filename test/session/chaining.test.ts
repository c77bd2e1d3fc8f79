import { afterEach, describe, expect, it } from "vitest";
import { COMPARED_FIELDS } from "../../src/session/wire/plan.js";
import { type Harness, modes, startHarness, wireInput } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("incremental chaining over one WebSocket (issue 3, done-when 1)", () => {
  it("the warm-up carries everything the first turn compares: instructions, tools, reasoning, context", async () => {
    h = await startHarness({ settings: { model: "demo-1", effort: "low" } });
    await h.session.send("hello");
    const [warmup, turn1] = h.requests().map((r) => r.body as Record<string, unknown>);
    expect(warmup?.generate).toBe(false);
    expect(warmup?.instructions).toBe("You are the test agent.");
    expect(warmup?.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "shell_command" })]),
    );
    expect(warmup?.reasoning).toEqual({ effort: "low" });
    expect(warmup?.include).toEqual(["reasoning.encrypted_content"]);
    for (const field of COMPARED_FIELDS) {
      expect(JSON.stringify(turn1?.[field]), field).toBe(JSON.stringify(warmup?.[field]));
    }
    expect(wireInput(h.requests()[0]).map((item) => item.role)).toEqual(["developer", "user"]);
  });

  it("warm-up heads the chain; turns and tool outputs send only their new items", async () => {
    h = await startHarness();
    const first = await h.session.send("hello there");
    expect(first).toMatchObject({ ok: true, lastMessage: "You said: hello there" });
    const second = await h.session.send("run: echo hi");
    expect(second.ok).toBe(true);
    expect(second.lastMessage).toContain("Exit code 0");

    const [warmup, turn1, turn2, toolContinuation, ...rest] = h.requests();
    expect(rest).toHaveLength(0);
    expect(warmup?.generate).toBe(false);
    expect(warmup?.previousResponseId).toBeUndefined();
    expect(wireInput(warmup).map((i) => i.role)).toEqual(["developer", "user"]);

    expect(turn1?.previousResponseId).toBe(warmup?.responseId);
    expect(wireInput(turn1)).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: "hello there" }] },
    ]);
    expect(turn2?.previousResponseId).toBe(turn1?.responseId);
    expect(wireInput(turn2)).toHaveLength(1);
    expect(wireInput(turn2)[0]).toMatchObject({ role: "user" });

    expect(toolContinuation?.previousResponseId).toBe(turn2?.responseId);
    const continuation = wireInput(toolContinuation);
    expect(continuation).toHaveLength(1);
    expect(continuation[0]).toMatchObject({ type: "function_call_output" });
    expect(String(continuation[0]?.output)).toContain("hi");

    const connections = new Set(h.requests().map((r) => r.connectionId));
    expect(connections.size).toBe(1);
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_incremental",
    ]);
    const keys = h
      .requests()
      .map((r) => (r.body as { prompt_cache_key?: string }).prompt_cache_key);
    expect(new Set(keys)).toEqual(new Set([h.session.id]));
  });

  it("a custom apply_patch call streams previews and its output continues the chain", async () => {
    h = await startHarness();
    const result = await h.session.send("write notes.txt: remember the milk");
    expect(result).toMatchObject({ ok: true, lastMessage: "Applied the patch." });
    const previews = h.events.filter((e) => e.type === "tool" && e.event.type === "patch_preview");
    expect(previews.length).toBeGreaterThan(0);
    const last = h.requests().at(-1);
    expect(wireInput(last)).toHaveLength(1);
    expect(wireInput(last)[0]).toMatchObject({ type: "custom_tool_call_output" });
    expect(last?.previousResponseId).toBeDefined();
  });
});
