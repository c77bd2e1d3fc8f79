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
  it("unsteer takes back a message no request has carried: it never reaches the model", async () => {
    h = await startHarness();
    const pending = h.session.send("run: sleep 1");
    await waitFor(() =>
      h.events.some((e) => e.type === "tool" && e.event.type === "command_started"),
    );
    const receipt = h.session.steer("never mind the zebra");
    expect(receipt?.state).toBe("waiting");
    expect(h.session.unsteer(receipt?.id ?? "")).toBe("withdrawn");
    expect(h.session.unsteer(receipt?.id ?? "")).toBe("sent");
    expect((await pending).ok).toBe(true);
    expect(JSON.stringify(h.requests().map(wireInput))).not.toContain("zebra");
    expect(JSON.stringify(h.session.history())).not.toContain("zebra");
  });

  it("a message sent during a command rides in the next incremental request, after the call's output", async () => {
    h = await startHarness();
    expect(h.session.steer("not yet")).toBeUndefined();
    const pending = h.session.send("run: sleep 1");
    await waitFor(() =>
      h.events.some((e) => e.type === "tool" && e.event.type === "command_started"),
    );
    const before = h.requests().length;
    expect(h.session.steer("also say zebra")).toBeDefined();
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
    expect(h.session.steer("late")).toBeUndefined();
  });

  it("a message sent while the answer streams: the turn samples again instead of ending", async () => {
    h = await startHarness();
    const pending = h.session.send("demo:slow 3");
    await waitFor(() => h.events.some((e) => e.type === "text_delta"));
    const before = h.requests().length;
    expect(h.session.steer("and then zebra")).toBeDefined();
    const result = await pending;
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: and then zebra" });
    const next = h.requests()[before];
    expect(next?.previousResponseId).toBeDefined();
    expect(wireInput(next).map(userText)).toEqual(["and then zebra"]);
  });

  it("a message sent while the warm-up is in flight steers the turn: it rides in the first request, after the message", async () => {
    h = await startHarness();
    let steered: unknown;
    h.session.subscribe((event) => {
      if (event.type === "request_started" && steered === undefined) {
        steered = h.session.steer("and zebra too"); // the warm-up has just been sent
      }
    });
    const result = await h.session.send("hello");
    expect(steered).toMatchObject({ state: "waiting" });
    expect(result.ok).toBe(true);
    const first = h.requests().find((r) => wireInput(r).some((i) => userText(i) === "hello"));
    expect(wireInput(first).map(userText).filter(Boolean)).toEqual(["hello", "and zebra too"]);
  });

  it("a message the turn never took (interrupted) stays in history for the next turn", async () => {
    h = await startHarness();
    const pending = h.session.send("run: sleep 30");
    await waitFor(() =>
      h.events.some((e) => e.type === "tool" && e.event.type === "command_started"),
    );
    expect(h.session.steer("use the other file")).toBeDefined();
    h.session.abort();
    expect(await pending).toMatchObject({ ok: false, aborted: true });
    expect(userText(h.session.history().at(-1))).toBe("use the other file");
    const again = await h.session.send("go on");
    expect(again.ok).toBe(true);
  });
});
