import { afterEach, describe, expect, it } from "vitest";
import type { ResponseItem } from "../../src/protocol/items.js";
import { type Harness, startHarness, waitFor, wireInput } from "../session/harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const userText = (item: ResponseItem | undefined) =>
  item?.type === "message" && item.role === "user"
    ? (item.content as Array<{ text?: string }>).map((part) => part.text ?? "").join("")
    : undefined;

describe("steering a running turn", () => {
  it("a message sent during a command rides in the next incremental request, after the call's output", async () => {
    h = await startHarness();
    expect(h.session.steer("not yet")).toBe(false);
    const pending = h.session.send("run: sleep 1");
    await waitFor(() =>
      h.events.some((e) => e.type === "tool" && e.event.type === "command_started"),
    );
    const before = h.requests().length;
    expect(h.session.steer("also say zebra")).toBe(true);
    const result = await pending;
    expect(result.ok).toBe(true);
    const next = h.requests()[before];
    expect(next?.previousResponseId).toBeDefined();
    const delta = wireInput(next);
    const outputAt = delta.findIndex((item) => item.type === "function_call_output");
    const steerAt = delta.findIndex((item) => userText(item)?.includes("zebra"));
    expect(outputAt).toBeGreaterThanOrEqual(0);
    expect(steerAt).toBe(outputAt + 1);
    // history keeps it in the same order, and the turn is over: steering is refused again
    const history = h.session.history();
    expect(userText(history[history.findIndex((i) => i.type === "function_call_output") + 1])).toBe(
      "also say zebra",
    );
    expect(h.session.steer("late")).toBe(false);
  });

  it("a message sent while the answer streams: the turn samples again instead of ending", async () => {
    h = await startHarness();
    const pending = h.session.send("demo:slow 3");
    await waitFor(() => h.events.some((e) => e.type === "text_delta"));
    const before = h.requests().length;
    expect(h.session.steer("and then zebra")).toBe(true);
    const result = await pending;
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: and then zebra" });
    const next = h.requests()[before];
    expect(next?.previousResponseId).toBeDefined();
    expect(wireInput(next).map(userText)).toEqual(["and then zebra"]);
  });

  it("a message the turn never took (interrupted) stays in history for the next turn", async () => {
    h = await startHarness();
    const pending = h.session.send("run: sleep 30");
    await waitFor(() =>
      h.events.some((e) => e.type === "tool" && e.event.type === "command_started"),
    );
    expect(h.session.steer("use the other file")).toBe(true);
    h.session.abort();
    expect(await pending).toMatchObject({ ok: false, aborted: true });
    expect(userText(h.session.history().at(-1))).toBe("use the other file");
    const again = await h.session.send("go on");
    expect(again.ok).toBe(true);
  });

  it("a message sent while the turn still waits for its warm-up rides in its first request", async () => {
    h = await startHarness({ warmup: true });
    // the TUI shows the turn running from Enter on, before the warm-up has answered
    const pending = h.session.send("hello there");
    expect(h.session.steer("and zebra")).toBe(true);
    const result = await pending;
    expect(result.ok).toBe(true);
    const turnRequests = h.requests().filter((r) => JSON.stringify(r.body).includes("hello there"));
    expect(wireInput(turnRequests[0]).map(userText)).toEqual(["hello there", "and zebra"]);
    // one turn, not a second one behind it
    expect(h.session.history().filter((i) => userText(i) === "and zebra")).toHaveLength(1);
    expect(h.session.steer("late")).toBe(false);
  });
});
