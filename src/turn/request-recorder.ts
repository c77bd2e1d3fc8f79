import { lookupModel } from "../models/index.js";
import type { PlanUsage } from "../protocol/index.js";
import type {
  FullRequest,
  RequestFinished,
  RequestForecast,
  RequestStarted,
  SessionEvent,
  SessionEventListener,
} from "../session/index.js";
import {
  attributePlanUsage,
  CacheExplainer,
  costOfRequest,
  EventHub,
  LedgerWriter,
  ledgerRow,
  type PlanUsageAttribution,
  type PlanUsageRow,
  planUsageOfCell,
  RequestTotals,
  seedFromLedgerRow,
} from "../session/index.js";

interface RecorderOptions {
  home: string;
  sessionId: string;
  promptCacheKey: string;
  /** Write the ledger (false: `--ephemeral`). */
  ledger: boolean;
  now?: () => number;
}

/**
 * The session's event stream and what it records of every request, from every path that
 * sends (turns, warm-up, compaction): cache facts, one ledger line, the running totals.
 */
export class RequestRecorder {
  private readonly hub = new EventHub();
  readonly ledger: LedgerWriter;
  readonly totals = new RequestTotals();
  private readonly cache: CacheExplainer;
  /** What each request said of plan usage (the ledger's columns): /status attributes it. */
  private readonly planRows: PlanUsageRow[] = [];
  /** The plan usage a resumed session's ledger ends with: its first request's share starts there. */
  private readonly planBefore: PlanUsage | undefined;

  constructor(private readonly options: RecorderOptions) {
    this.ledger = new LedgerWriter(options.home, options.sessionId, {
      enabled: options.ledger,
      onError: (message) => this.emit({ type: "warning", message }),
    });
    const last = this.ledger.last.completed;
    this.cache = new CacheExplainer(options.now, seedFromLedgerRow(last));
    this.planBefore = planUsageOfCell(last?.plan_usage ?? null);
  }

  subscribe(listener: SessionEventListener): () => void {
    return this.hub.subscribe(listener);
  }

  emit(event: SessionEvent): void {
    // every path that sends reports its start through here
    if (event.type === "request_started") {
      this.cache.started(event.request.seq, event.request.warmup);
    }
    this.hub.emit(event);
  }

  /** Pass every built request through here (returns it unchanged). */
  built(request: FullRequest): FullRequest {
    return this.cache.built(request);
  }

  /** The request `request` would be if sent now, priced (nothing is recorded). */
  forecast(request: FullRequest): RequestForecast {
    return this.cache.forecast(request);
  }

  /** The response a full request expects to reuse the prefix of (cache options' comparison). */
  expectedReuse(request: FullRequest): string | undefined {
    return this.cache.expectedReuse(request);
  }

  /** Each turn's share of the plan's window (Codex backend only; else no figures). */
  planUsage(): PlanUsageAttribution {
    return attributePlanUsage(this.planRows, this.planBefore);
  }

  record(finished: RequestFinished): void {
    this.emit({ type: "request_finished", request: this.recorded(finished) });
  }

  /**
   * A subagent's request (it carries its `agent`): counted by the cache explainer, but not
   * announced on the session's stream (the status bar shows the session's own requests).
   */
  agentStarted(request: RequestStarted): void {
    this.cache.started(request.seq, request.warmup);
  }

  /** A subagent's request ended: recorded like the session's own; returned with its cost. */
  agentFinished(finished: RequestFinished): RequestFinished {
    return this.recorded(finished);
  }

  /** Cache facts, cost, one ledger row and the totals for a finished request. */
  private recorded(finished: RequestFinished): RequestFinished {
    const cache = this.cache.finished(finished);
    const withCache = cache ? { ...finished, cache } : finished;
    const cost = costOfRequest(withCache, lookupModel(finished.model).prices);
    const request = cost ? { ...withCache, cost } : withCache;
    const { sessionId, promptCacheKey } = this.options;
    const row = ledgerRow(request, { sessionId, promptCacheKey });
    this.ledger.append(row);
    const { turn, plan_usage, usage, cache_missed_tokens } = row;
    this.planRows.push({ turn, plan_usage, usage, cache_missed_tokens });
    this.totals.record(request);
    return request;
  }
}
