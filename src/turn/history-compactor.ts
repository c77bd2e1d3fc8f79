import type { UsageFigures } from "../protocol/events.js";
import type { ResponseItem } from "../protocol/items.js";
import type { RequestFinished, SessionEvent } from "../session/events.js";
import type { ModelClient } from "../session/model-client.js";
import type { FullRequest } from "../session/request.js";
import type { ToolRouter } from "../tools/types.js";
import { compactedHistory, needsAutoCompact, requestSummary } from "./compaction.js";

export interface CompactorDeps {
  client: Pick<ModelClient, "sample">;
  tools: ToolRouter;
  /** `autoCompactTokenLimit`: compact before a request once the last one read more. */
  limit: number | undefined;
  items(): readonly ResponseItem[];
  /** The full request for history plus `extra` (the compaction prompt, never kept). */
  build(extra: ResponseItem[]): FullRequest;
  /** History becomes `items`; the chain starts a new epoch (`why`). */
  replace(items: ResponseItem[], why: string): void;
  emit(event: SessionEvent): void;
  onRequestFinished(request: RequestFinished): void;
  /** Before the summary request (PreCompact hooks). */
  beforeCompact?(auto: boolean, signal: AbortSignal): Promise<void>;
}

/** The session's compaction: on /compact, and automatically once requests read too much. */
export class HistoryCompactor {
  /** Input tokens of the last response: what the model had to read (auto-compaction). */
  private lastInputTokens = 0;

  constructor(private readonly deps: CompactorDeps) {}

  /** Every finished request passes here: its input tokens decide the next auto-compaction. */
  observe(finished: RequestFinished): void {
    if (finished.usage) this.lastInputTokens = finished.usage.input_tokens;
  }

  /** Past the limit: compact now, before the next request of the turn. */
  async compactIfOver(turn: number, signal: AbortSignal): Promise<void> {
    if (needsAutoCompact(this.lastInputTokens, this.deps.limit)) {
      await this.summarize(turn, signal, true);
    }
  }

  /** History becomes a summary (the session file keeps every older line); a new epoch. */
  async summarize(
    turn: number,
    signal: AbortSignal,
    auto: boolean,
  ): Promise<{ summary: string; usage: UsageFigures }> {
    const { deps } = this;
    await deps.beforeCompact?.(auto, signal);
    const itemsBefore = deps.items().length;
    const inputTokensBefore = this.lastInputTokens;
    const result = await requestSummary({
      turn,
      signal,
      client: deps.client,
      tools: deps.tools,
      build: (extra) => deps.build(extra),
      emit: (event) => deps.emit(event),
      onRequestFinished: (request) => deps.onRequestFinished(request),
    });
    const kept = compactedHistory(deps.items(), result.summary, auto ? 1 : 0);
    deps.replace(kept, auto ? "auto_compact" : "compact");
    this.lastInputTokens = 0;
    const itemsAfter = deps.items().length;
    deps.emit({ type: "compacted", auto, itemsBefore, itemsAfter, inputTokensBefore });
    return result;
  }
}
