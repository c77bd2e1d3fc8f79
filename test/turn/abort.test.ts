import { afterEach, describe, expect, it } from "vitest";
import { type Harness, modes, startHarness, waitFor, wireInput } from "../session/harness.js";
import { EchoRouter } from "./tools.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("interrupting a turn", () => {
  it("mid-stream: the turn stops, nothing half-streamed is kept, the next turn starts a new chain", async () => {
    h = await startHarness();
    await h.session.send("one");
    const lengthBefore = h.session.history().length;
    const mark = h.events.length;
    const pending = h.session.send("demo:slow 50");
    await waitFor(() => h.events.slice(mark).some((e) => e.type === "text_delta"));
    h.session.abort();
    const result = await pending;
    expect(result).toMatchObject({ ok: false, aborted: true });
    expect(h.events.some((e) => e.type === "turn_failed" && e.aborted)).toBe(true);
    expect(h.session.history()).toHaveLength(lengthBefore + 1);
    expect(h.session.history().at(-1)?.role).toBe("user");
    const again = await h.session.send("two");
    expect(again.ok).toBe(true);
    expect(modes(h).slice(-2)).toEqual(["ws_incremental", "ws_full:reconnected"]);
    expect(h.ledger().map((r) => r.outcome)).toContain("aborted");
  });

  it("during a shell command: the call gets an output, nothing is lost, the session goes on", async () => {
    h = await startHarness();
    const pending = h.session.send("run: sleep 30");
    await waitFor(() =>
      h.events.some((e) => e.type === "tool" && e.event.type === "command_started"),
    );
    h.session.abort();
    const result = await pending;
    expect(result).toMatchObject({ ok: false, aborted: true });
    const history = h.session.history();
    const callIndex = history.findIndex((item) => item.type === "function_call");
    expect(history[callIndex + 1]).toMatchObject({
      type: "function_call_output",
      call_id: history[callIndex]?.call_id,
    });
    const again = await h.session.send("still there?");
    expect(again).toMatchObject({ ok: true, lastMessage: "You said: still there?" });
    // an interrupt resets the chain (docs/protocol.md, "Failure handling"): the next request is full, on the same socket
    expect(modes(h).slice(-1)).toEqual(["ws_full:epoch_reset:interrupted"]);
    const [first, , next] = h.requests().slice(-3);
    expect(next?.previousResponseId).toBeUndefined();
    expect(next?.connectionId).toBe(first?.connectionId);
    expect(wireInput(next)).toHaveLength(h.session.history().length - 1);
  });
});

describe("streamed custom tool input", () => {
  it("reaches the tool's diff consumer, finished before the call runs with the complete input", async () => {
    const router = new EchoRouter();
    h = await startHarness({ tools: router });
    const result = await h.session.send("write notes.md: hello preview");
    expect(result.ok).toBe(true);
    const call = h.session.history().find((item) => item.type === "custom_tool_call");
    expect(router.streamed.length).toBeGreaterThan(1);
    expect(router.streamed.join("")).toBe(call?.input);
    expect(router.finishedBeforeRun).toEqual([true]);
  });
});

describe("interrupting a turn that waits on a stuck warm-up", () => {
  it("ends the wait at once with the interrupt's outcome; the session goes on without the warm-up", async () => {
    h = await startHarness();
    h.server.hooks.stallAfterEvents(0); // the warm-up is answered with nothing, ever
    void h.session.prepare(); // as the TUI does when it opens a session
    await waitFor(() => h.events.some((e) => e.type === "request_started" && e.request.warmup));
    const pending = h.session.send("hello");
    await waitFor(() => h.events.some((e) => e.type === "turn_started"));
    h.session.abort();
    expect(await pending).toMatchObject({ ok: false, aborted: true, error: "interrupted" });
    expect(h.events.some((e) => e.type === "turn_failed" && e.aborted)).toBe(true);
    // the session is usable: the next turn is answered, and the abandoned warm-up is not resent
    const again = await h.session.send("still there?");
    expect(again).toMatchObject({ ok: true, lastMessage: "You said: still there?" });
    expect(h.requests().map((r) => r.generate === false)).toEqual([true, false]);
  });
});
