import { describe, expect, it } from "vitest";
import type { NextRequestPreview } from "../../src/session/events.js";
import { costQuestionText } from "../../src/ui/controller/cost-question.js";
import { initialState } from "../../src/ui/controller/ui-state.js";
import { describeForecast } from "../../src/ui/labels/cost-labels.js";
import { layoutStatusBar, SEPARATOR } from "../../src/ui/status-items.js";

const preview = (forecast: NextRequestPreview["forecast"]): NextRequestPreview => ({
  mode: "full",
  forecast,
});
const staying = preview({
  inputTokens: 2_900,
  cachedTokens: 2_688,
  outputTokens: 100,
  usd: 0.0044,
});
const breaking = preview({
  inputTokens: 2_900,
  cachedTokens: 0,
  outputTokens: 100,
  usd: 0.0175,
  lost: "changed",
});
const on = { enabled: true, minUsd: 0.01 };

describe("the cost question's text (pure)", () => {
  it("the next: preview's words: tokens, cached share, cost; no price says so", () => {
    expect(
      describeForecast({ inputTokens: 2_900, cachedTokens: 0, outputTokens: 0, usd: 0.018 }),
    ).toBe("~2.9k in, 0% cached, ~$0.018");
    expect(describeForecast({ inputTokens: 2_900, cachedTokens: 2_560, outputTokens: 0 })).toBe(
      "~2.9k in, 88% cached, no price",
    );
  });

  it("a switch that loses the cached prefix and costs past the minimum asks, quoting both costs", () => {
    expect(
      costQuestionText({ what: "Effort high", staying, step: breaking, compaction: false }, on),
    ).toBe(
      "Effort high breaks the cached prefix: the next request ~2.9k in, 0% cached, ~$0.018 (~$0.0044 keeping the current setting).",
    );
  });

  it("no question: a switch that keeps the cache, an extra cost under the minimum, no price, or the question off", () => {
    const ask = (step: NextRequestPreview, settings = on) =>
      costQuestionText({ what: "Effort high", staying, step, compaction: false }, settings);
    expect(ask(staying)).toBeUndefined();
    expect(ask(breaking, { enabled: true, minUsd: 0.02 })).toBeUndefined();
    expect(ask(preview({ inputTokens: 2_900, cachedTokens: 0, outputTokens: 0 }))).toBeUndefined();
    expect(ask(breaking, { enabled: false, minUsd: 0 })).toBeUndefined();
  });

  it("/compact asks with the compaction request's own cost", () => {
    expect(
      costQuestionText(
        { what: "/compact", staying, step: staying, compaction: true },
        { enabled: true, minUsd: 0 },
      ),
    ).toBe(
      "/compact sends the conversation once more to be compacted: ~2.9k in, 93% cached, ~$0.0044.",
    );
  });

  it("the status bar shows the forecast after the next: preview, and drops it before the model when narrow", () => {
    const status = {
      ...initialState({ model: "gpt-5.5" }).status,
      next: { ...breaking, reason: "properties_changed:reasoning" },
    };
    const text = (width: number) =>
      layoutStatusBar(status, width)
        .map((segment) => segment.text)
        .join(SEPARATOR);
    expect(text(400)).toContain("next: full — effort changed │ ~2.9k in, 0% cached, ~$0.018");
    // at 80 columns the model and its effort stay on screen; the price gives way first
    expect(text(80)).toContain("next: full — effort changed");
    expect(text(80)).toContain("gpt-5.5");
    expect(text(80)).not.toContain("~$0.018");
  });
});
