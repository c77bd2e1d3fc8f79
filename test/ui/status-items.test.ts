import { describe, expect, it } from "vitest";
import { elapsedLabel } from "../../src/text/index.js";
import type { StatusState } from "../../src/ui/controller/ui-state.js";
import { describeNext, describeReason } from "../../src/ui/labels/request-labels.js";
import {
  layoutStatusBar,
  SEPARATOR,
  STATUS_ITEMS,
  STATUS_PRIORITY,
  type StatusItem,
  type StatusView,
} from "../../src/ui/status-items.js";

const base: StatusState = {
  sessionId: "s",
  model: "gpt-5",
  effort: "high",
  last: { mode: "ws_full", reason: "properties_changed:reasoning", prev: false, warmup: false },
  usage: { input_tokens: 4000, cached_tokens: 3072, output_tokens: 100, reasoning_tokens: 0 },
  contextWindow: 200_000,
  busy: false,
  queued: 0,
};

const text = (state: StatusView, width: number) =>
  layoutStatusBar(state, width)
    .map((segment) => segment.text)
    .join(SEPARATOR);

describe("status bar layout", () => {
  it("shows every item on a wide terminal", () => {
    expect(text(base, 200)).toBe(
      "ws_full — effort changed │ prev – │ gpt-5 high │ cached 3.1k (77%) │ ctx 98% left",
    );
  });

  it("drops low-priority items first and never exceeds the width", () => {
    for (const width of [10, 20, 30, 39, 50, 60, 80]) {
      const line = text(base, width);
      expect(line.length).toBeLessThanOrEqual(width);
      expect(line.startsWith("ws_full")).toBe(true);
    }
    expect(text(base, 30)).toBe("ws_full — effort changed");
    // The context left outranks the cache figures and the chain mark.
    expect(text(base, 40)).toBe("ws_full — effort changed │ ctx 98% left");
  });

  it("shows a dash for context and cache before the first response", () => {
    const fresh: StatusState = { model: "gpt-5", busy: false, queued: 0, contextWindow: 1000 };
    expect(text(fresh, 100)).toBe("no request yet │ gpt-5 default effort │ cached — │ ctx —");
  });

  it("says when no effort is set (the request carries none: the model's default applies)", () => {
    const unset: StatusState = { ...base, effort: undefined };
    expect(text(unset, 200)).toContain("│ gpt-5 default effort │");
    // Narrow: the model alone before the item drops.
    expect(text(unset, 52)).toBe("ws_full — effort changed │ gpt-5 │ ctx 98% left");
  });

  it("previews the next request after a settings change", () => {
    const state: StatusState = {
      ...base,
      last: { mode: "ws_incremental", prev: true, warmup: false },
      next: { mode: "full", reason: "properties_changed:reasoning" },
    };
    expect(text(state, 200)).toContain("ws_incremental │ next: full — effort changed │ prev ✓");
  });
});

describe("status bar priorities", () => {
  const working: StatusView = { ...base, busy: true, queued: 2, elapsedMs: 5_400 };

  it("shows a running timer and how to interrupt while a turn works", () => {
    expect(text(working, 200)).toContain("│ working 5s · 2 queued │ Esc to interrupt");
    expect(elapsedLabel(65_000)).toBe("1m05s");
  });

  it("never drops working, the queue or the request mode, however narrow", () => {
    for (const width of [20, 35, 45, 60, 80]) {
      const line = text(working, width);
      expect(line).toContain("working");
      expect(line).toContain("2 queued");
      expect(line).toMatch(/^ws_full/);
    }
    expect(text(working, 60)).toMatch(/^ws_full — effort changed │ .*working 5s · 2 queued$/);
  });

  it("keeps ctx beside a next-request preview", () => {
    const state: StatusView = {
      ...base,
      next: { mode: "full", reason: "properties_changed:model" },
    };
    expect(text(state, 60)).toContain("ctx 98% left");
    expect(text(state, 60)).toContain("next: full");
  });

  it("places a new item by its slot without moving the others", () => {
    const extra: StatusItem = { id: "x", priority: STATUS_PRIORITY.lane, render: () => ["lane x"] };
    const line = layoutStatusBar(base, 200, [...STATUS_ITEMS, extra]).map((s) => s.text);
    expect(line.at(-1)).toBe("lane x");
  });
});

describe("reason wording", () => {
  it.each([
    ["properties_changed:reasoning", "effort changed"],
    ["properties_changed:model,reasoning", "model, effort changed"],
    // Turning reasoning on or off also changes `include`: one change for the person.
    ["properties_changed:reasoning,include", "effort changed"],
    ["prefix_mismatch@7", "history changed at item 7"],
    ["epoch_reset:compact", "epoch reset (compact)"],
    ["no_baseline", "no baseline"],
    ["credential_removed", "credential removed"],
    ["something_new", "something_new"],
  ])("%s → %s", (reason, words) => {
    expect(describeReason(reason)).toBe(words);
  });

  it("describes the next request with lanes", () => {
    expect(describeNext({ mode: "incremental", lane: "high", lanes: 2 })).toBe(
      "next: incremental on lane high",
    );
    expect(describeNext({ mode: "full", reason: "lane_new", lane: "high", lanes: 2 })).toBe(
      "next: full — new lane high",
    );
    expect(describeNext({ mode: "incremental", lane: "medium", lanes: 1 })).toBe(
      "next: incremental",
    );
  });

  it("names the lane of the last request only when there is more than one", () => {
    const one: StatusState = { ...base, lane: { label: "high", count: 1 } };
    const two: StatusState = { ...base, lane: { label: "high", count: 2 } };
    expect(text(one, 200)).not.toContain("lane");
    expect(text(two, 200)).toContain("│ lane high │");
    expect(describeReason("lane_fallback")).toBe("lane on its own connection");
  });
});

describe("next-request preview wording", () => {
  it("does not name the single default lane", () => {
    expect(describeNext({ mode: "incremental", lane: "default" })).toBe("next: incremental");
    expect(
      describeNext({ mode: "full", reason: "properties_changed:model", lane: "default" }),
    ).toBe("next: full — model changed");
  });
});

describe("the cache drop item (issue 18)", () => {
  const dropped = (diagnosis: string, sharedSeq?: number): StatusState => ({
    ...base,
    usage: { input_tokens: 4000, cached_tokens: 0, output_tokens: 100, reasoning_tokens: 0 },
    cacheDrop: { diagnosis, ...(sharedSeq === undefined ? {} : { sharedSeq }) },
  });

  it("says why the cache dropped in place of the plain cached figure", () => {
    const line = text(dropped("prefix_changed:reasoning"), 200);
    expect(line).toContain("│ cached 0 — prefix changed: reasoning │");
    expect(line).not.toContain("cached 0 (0%)");
    expect(text(dropped("cache_cold:12", 7), 200)).toContain(
      "cached 0 — same prefix as #7, 12 min ago",
    );
  });

  it("shortens before it goes, and outranks the plain cached figure", () => {
    const state = dropped("cache_cold:12", 7);
    const full = text(state, 200);
    const narrower = text(state, full.length - 10);
    expect(narrower).toContain("cached 0 — cache cold");
    expect(narrower.length).toBeLessThanOrEqual(full.length - 10);
  });

  it("shows the usual cached figure when nothing dropped", () => {
    expect(text(base, 200)).toContain("cached 3.1k (77%)");
    expect(text(base, 200)).not.toContain("prefix changed");
  });
});

describe("which mechanism carried an effort change", () => {
  it("says `effort high · in-band` for a configuration_update, `lane high` for a lane", () => {
    const inBand = { ...base, lane: { label: "medium", count: 1, inBand: "high" as const } };
    expect(text(inBand, 200)).toContain("effort high · in-band");
    const lanes = { ...base, lane: { label: "high", count: 2 } };
    expect(text(lanes, 200)).toContain("lane high");
    expect(text(lanes, 200)).not.toContain("in-band");
  });

  it("previews an in-band change as `next: incremental + effort update`", () => {
    expect(
      describeNext({ mode: "incremental", lane: "medium", lanes: 1, effortUpdate: "high" }),
    ).toBe("next: incremental + effort update");
  });
});
