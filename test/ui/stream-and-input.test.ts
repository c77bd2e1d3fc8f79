import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import { DeltaCoalescer, type FlushScheduler } from "../../src/ui/controller/delta-coalescer.js";
import {
  backspace,
  EMPTY_BUFFER,
  insertText,
  moveLine,
  recall,
  remember,
} from "../../src/ui/model/composer-buffer.js";

/** A scheduler whose timers run only when the test says so. */
function manualScheduler() {
  let now = 0;
  const timers: Array<{ at: number; fn: () => void; cancelled: boolean }> = [];
  const scheduler: FlushScheduler = {
    now: () => now,
    schedule: (fn, ms) => {
      const timer = { at: now + ms, fn, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0)) {
      if (timer.cancelled) continue;
      if (timer.at <= now) timer.fn();
      else timers.push(timer);
    }
  };
  return { scheduler, advance };
}

describe("DeltaCoalescer", () => {
  it("delivers a burst of 10,000 deltas as one event with the exact text", () => {
    const delivered: SessionEvent[] = [];
    const { scheduler, advance } = manualScheduler();
    const coalescer = new DeltaCoalescer((event) => delivered.push(event), 30, scheduler);
    let expected = "";
    for (let i = 0; i < 10_000; i++) {
      const delta = `${i % 10}`.repeat(20);
      expected += delta;
      coalescer.push({ type: "text_delta", itemId: "m", delta });
    }
    expect(delivered).toHaveLength(0);
    advance(0);
    expect(delivered).toEqual([{ type: "text_delta", itemId: "m", delta: expected }]);
  });

  it("flushes at most 30 times per second of streaming", () => {
    const delivered: SessionEvent[] = [];
    const { scheduler, advance } = manualScheduler();
    const coalescer = new DeltaCoalescer((event) => delivered.push(event), 30, scheduler);
    for (let ms = 0; ms < 1000; ms++) {
      coalescer.push({ type: "text_delta", itemId: "m", delta: "x" });
      advance(1);
    }
    advance(100);
    expect(delivered.length).toBeLessThanOrEqual(31);
    expect(delivered.map((e) => (e.type === "text_delta" ? e.delta : "")).join("")).toHaveLength(
      1000,
    );
  });

  it("keeps order: other events flush pending text first", () => {
    const delivered: string[] = [];
    const { scheduler } = manualScheduler();
    const coalescer = new DeltaCoalescer((event) => delivered.push(event.type), 30, scheduler);
    coalescer.push({ type: "reasoning_delta", itemId: "r", delta: "think" });
    coalescer.push({ type: "text_delta", itemId: "m", delta: "a" });
    coalescer.push({ type: "text_delta", itemId: "m", delta: "b" });
    coalescer.push({
      type: "turn_completed",
      turn: 1,
      usage: { input_tokens: 0, cached_tokens: 0, output_tokens: 0, reasoning_tokens: 0 },
    });
    expect(delivered).toEqual(["reasoning_delta", "text_delta", "turn_completed"]);
  });
});

describe("composer buffer", () => {
  it("edits at the cursor and moves between lines keeping the column", () => {
    let b = insertText(EMPTY_BUFFER, "first line\nsecond");
    expect(b.cursor).toBe(17);
    b = backspace(b);
    expect(b.text).toBe("first line\nsecon");
    const up = moveLine(b, -1);
    expect(up?.cursor).toBe(5);
    expect(moveLine(up ?? b, -1)).toBeUndefined();
    expect(moveLine(b, 1)).toBeUndefined();
  });

  it("recalls earlier messages and gives the draft back", () => {
    let history = remember(remember({ entries: [], index: 0, draft: "" }, "one"), "two");
    const back = recall(history, "draft", -1);
    expect(back?.text).toBe("two");
    history = back?.history ?? history;
    const older = recall(history, "two", -1);
    expect(older?.text).toBe("one");
    expect(recall(older?.history ?? history, "one", -1)).toBeUndefined();
    const forward = recall(older?.history ?? history, "one", 1);
    const draft = recall(forward?.history ?? history, "two", 1);
    expect(draft?.text).toBe("draft");
  });
});
