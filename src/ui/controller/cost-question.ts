import type { CostDisplay, ForecastChange, NextRequestPreview } from "../../session/index.js";
import { approximateUsd, describeForecast, percent } from "../labels/index.js";

/** `[tui] cost_question` and `cost_question_min_usd` (docs/config.md, "Prices"). */
export interface CostQuestionSettings {
  /** Ask at all. */
  enabled: boolean;
  /** Below this many dollars of extra cost the step goes on without a question. */
  minUsd: number;
}

export type CostAnswer = "y" | "n" | "a";

/** The question on screen: what the step will cost, and what each answer does. */
export interface OpenCostQuestion {
  text: string;
  answer(choice: CostAnswer): void;
}

export const COST_QUESTION_CHOICES =
  "[y] go on, [n] keep the current setting, [a] don't ask again this session";

/** What the step is, in words, and the two forecasts: as things are, and after the step. */
interface CostStep {
  /** "Effort high", "Model gpt-5", "/compact". */
  what: string;
  staying: NextRequestPreview;
  step: NextRequestPreview;
  compaction: boolean;
  /** A plan user is told the tokens (what the plan counts), never a dollar sum. */
  display?: CostDisplay;
}

/**
 * The question to ask before `step`, or undefined to go on without one: a switch that will
 * break the cached prefix (fewer cached tokens than staying: no in-band update, no lane that
 * holds it) or a compaction, when its extra cost reaches the minimum. No price: no question
 * (tokens alone decide nothing a person pays for).
 */
export function costQuestionText(
  step: CostStep,
  settings: CostQuestionSettings,
): string | undefined {
  if (!settings.enabled) return undefined;
  const after = step.step.forecast;
  const before = step.staying.forecast;
  if (after?.usd === undefined) return undefined;
  if (step.compaction) {
    if (after.usd < settings.minUsd) return undefined;
    return `/compact sends the conversation once more to be compacted: ${describeForecast(after, step.display)}.`;
  }
  if (!before || before.usd === undefined || after.cachedTokens >= before.cachedTokens) {
    return undefined;
  }
  const extra = after.usd - before.usd;
  if (extra < settings.minUsd) return undefined;
  const staying =
    step.display === "plan"
      ? `${percent(before.cachedTokens, before.inputTokens)} cached`
      : approximateUsd(before.usd);
  return `${step.what} breaks the cached prefix: the next request ${describeForecast(after, step.display)} (${staying} keeping the current setting).`;
}

/** What the question needs of the controller. */
interface CostQuestionHost {
  forecast(change?: ForecastChange): NextRequestPreview | undefined;
  settings: CostQuestionSettings;
  /** How costs are shown (a ChatGPT plan: tokens, no `$`). */
  display?: CostDisplay;
  open(question: OpenCostQuestion | undefined): void;
}

/**
 * Asks once before a costly step: `go` runs it (now, or after [y] / [a]), `keep` is the [n]
 * (Esc) answer. [a] turns the question off for the rest of this TUI session.
 */
export class CostQuestion {
  private off = false;

  constructor(private readonly host: CostQuestionHost) {}

  /** Reset [a]: a new session asks again. */
  newSession(): void {
    this.off = false;
  }

  /** Returns what `go` returns when it ran at once (a compaction's promise); else nothing. */
  ask(
    what: string,
    change: ForecastChange,
    go: () => void | Promise<void>,
    keep: () => void,
  ): void | Promise<void> {
    const settings = this.off ? { ...this.host.settings, enabled: false } : this.host.settings;
    const staying = settings.enabled ? this.host.forecast() : undefined;
    const step = staying && this.host.forecast(change);
    const compaction = "compaction" in change;
    const display = this.host.display ? { display: this.host.display } : {};
    const text =
      step && costQuestionText({ what, staying, step, compaction, ...display }, settings);
    if (!text) return go();
    this.host.open({
      text,
      answer: (choice) => {
        this.host.open(undefined);
        if (choice === "a") this.off = true;
        if (choice === "n") keep();
        else void go();
      },
    });
  }
}
