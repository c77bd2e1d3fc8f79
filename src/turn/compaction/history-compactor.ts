import type { ResponseItem, UsageFigures } from "../../protocol/index.js";
import type { CompactionFacts, RequestFinished } from "../../session/index.js";
import { ModelRequestError, noUsage } from "../../session/index.js";
import type { TurnContext } from "../turn-context.js";
import { compactedHistory, requestCompaction, requestSummary } from "./compaction.js";
import {
  autoCompactTrigger,
  compactionTrigger,
  remoteCompactedHistory,
  theCompactionItem,
} from "./remote-compaction.js";

/** The prompt cache's default lifetime (`prompt_cache_options.ttl` "30m"). */
const DEFAULT_CACHE_TTL_MS = 30 * 60_000;

/** What the compactor owns besides the turn it runs in (the model, tools and events come with the turn). */
interface CompactorDeps {
  /** `autoCompactTokenLimit`: compact before a request once the last one read more. */
  limit: number | undefined;
  items(): readonly ResponseItem[];
  /** History becomes `items`; the chain starts a new epoch (`why`). */
  replace(items: ResponseItem[], why: string): void;
  /** Before the summary request (PreCompact hooks). */
  beforeCompact?(auto: boolean, signal: AbortSignal): Promise<void>;
  /** Whether the model (catalog) and the provider (no refusal yet) compact server-side. */
  remote?(): boolean;
  /** Remote compaction failed: the session compacts locally from now on. */
  remoteFailed?(): void;
  /**
   * How long the cached prefix lives now (idle past it, compacting early costs no warm cache):
   * the session's `prompt_cache_ttl` where the model takes cache options.
   */
  cacheTtlMs?(): number;
  now?: () => number;
}

type Trigger = CompactionFacts["trigger"];

/**
 * The session's compaction: on /compact, and automatically once requests read too much (or
 * early, when the cache went cold). Server-side (`compaction_trigger`) where the model takes
 * it, with the local summary as the fallback that never fails a turn for the server's sake.
 */
export class HistoryCompactor {
  /** Input tokens of the last response: what the model had to read (auto-compaction). */
  private lastInputTokens = 0;
  private lastFinishedAt: number | undefined;
  /** How long the session was idle before the running turn (undefined: mid-turn). */
  private idleMs: number | undefined;

  constructor(private readonly deps: CompactorDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** Every finished request passes here: its input tokens decide the next auto-compaction. */
  observe(finished: RequestFinished): void {
    if (finished.usage) this.lastInputTokens = finished.usage.input_tokens;
    this.lastFinishedAt = this.now();
  }

  /** A turn begins: the time since the last response says whether its prefix is still cached. */
  beginTurn(): void {
    this.idleMs = this.lastFinishedAt === undefined ? undefined : this.now() - this.lastFinishedAt;
  }

  /** Past the limit (or cold and well on the way): compact now, before the next request. */
  async compactIfOver(ctx: TurnContext): Promise<void> {
    const trigger = autoCompactTrigger({
      lastInputTokens: this.lastInputTokens,
      limit: this.deps.limit,
      idleMs: this.idleMs,
      cacheTtlMs: this.deps.cacheTtlMs?.() ?? DEFAULT_CACHE_TTL_MS,
    });
    this.idleMs = undefined; // only the turn's first request follows the idle time
    if (trigger) await this.summarize(ctx, trigger);
  }

  /** History becomes a compaction (the session file keeps every older line); a new epoch. */
  async summarize(
    ctx: TurnContext,
    trigger: Trigger,
  ): Promise<{ summary?: string; usage: UsageFigures }> {
    const { deps } = this;
    const auto = trigger !== "manual";
    await deps.beforeCompact?.(auto, ctx.signal);
    const facts = (kind: CompactionFacts["kind"]): CompactionFacts => ({
      kind,
      trigger,
      itemsBefore: deps.items().length,
      tokensBefore: this.lastInputTokens,
    });
    const before = facts("local");
    const remote = deps.remote?.() ? await this.remote(ctx, facts("remote")) : undefined;
    const result = remote ?? (await this.local(ctx, facts("local")));
    this.lastInputTokens = 0;
    ctx.emit({
      type: "compacted",
      auto,
      kind: remote ? "remote" : "local",
      trigger,
      itemsBefore: before.itemsBefore,
      itemsAfter: deps.items().length,
      inputTokensBefore: before.tokensBefore,
    });
    return result;
  }

  /** The summary request; its summary replaces history. */
  private async local(
    ctx: TurnContext,
    facts: CompactionFacts,
  ): Promise<{ summary: string; usage: UsageFigures }> {
    const result = await requestSummary(recordedAs(ctx, facts));
    const kept = compactedHistory(
      this.deps.items(),
      result.summary,
      facts.trigger !== "manual" ? 1 : 0,
    );
    this.deps.replace(kept, facts.trigger !== "manual" ? "auto_compact" : "compact");
    return result;
  }

  /**
   * The `compaction_trigger` request; its one compaction item ends the replacement history.
   * Anything else (a refusal, no item, two): one warning, remote compaction off for the
   * session, undefined (the caller summarizes locally). An interrupt stays an interrupt.
   */
  private async remote(
    ctx: TurnContext,
    facts: CompactionFacts,
  ): Promise<{ usage: UsageFigures } | undefined> {
    let problem: string;
    try {
      const response = await requestCompaction(recordedAs(ctx, facts), [compactionTrigger()]);
      const found = theCompactionItem(response.items);
      if ("item" in found) {
        const kept = remoteCompactedHistory(this.deps.items(), found.item);
        this.deps.replace(kept, facts.trigger !== "manual" ? "auto_compact" : "compact");
        return { usage: response.usage ?? noUsage() };
      }
      problem = found.error;
    } catch (error) {
      if (ctx.signal.aborted || (error instanceof ModelRequestError && error.aborted)) throw error;
      problem = error instanceof Error ? error.message : String(error);
    }
    this.deps.remoteFailed?.();
    ctx.emit({
      type: "warning",
      message: `server-side compaction failed (${problem}); compacting with a local summary for the rest of this session`,
    });
    return undefined;
  }
}

/** The turn's context whose finished requests carry the compaction's facts (the ledger's column). */
function recordedAs(ctx: TurnContext, compaction: CompactionFacts): TurnContext {
  return {
    ...ctx,
    onRequestFinished: (request) => ctx.onRequestFinished({ ...request, compaction }),
  };
}
