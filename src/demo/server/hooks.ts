/**
 * How the server treats `stream_id` (a test hook): `lanes` as the WebSocket-mode guide
 * describes; `reject` like a provider that does not know the parameter (an `unknown_parameter`
 * error naming it); `ignore` like one that drops it silently (no echo, default lane).
 */
export type StreamIdMode = "lanes" | "reject" | "ignore";

/** A failure the next request should receive. */
interface DemoFailure {
  /** Omitted: a WebSocket error frame without `status` (HTTP answers 500). */
  status?: number;
  code: string;
  message?: string;
  /** WebSocket: close the connection after the error frame (as a server at its limit does). */
  close?: boolean;
}

/** A frame the next response carries that its model did not produce. */
export interface DemoInjection {
  /** Sent as is (a JSON object is serialised; a string goes out verbatim, even if not JSON). */
  frame: string | object;
  /** Sent after this many of the response's events; default: just before its terminal event. */
  after?: number;
  /** End the response with this frame: nothing of it follows, and it never becomes chainable. */
  end?: boolean;
}

/** What the hooks may make the server forget. */
interface DemoMemory {
  forgetResponses(): void;
  forgetPromptCache(): void;
}

/**
 * Test hooks of the demo server. Each one-shot hook is consumed by the next request (or
 * WebSocket response) it applies to; `refuseUpgrade` and the `stream_id` mode last until
 * cleared (`reset`).
 */
export class DemoHooks {
  /** Status returned to every WebSocket upgrade while set. */
  upgradeRefusal: number | undefined;
  /** How `stream_id` is treated (see `rejectStreamIds` / `ignoreStreamIds`). */
  streamIds: StreamIdMode = "lanes";
  /** Refuse `configuration_update` items whatever the model (until reset). */
  refuseEffortUpdates = false;
  /** Refuse `compaction_trigger` items whatever the model (until reset). */
  refuseCompaction = false;
  private compactionItems: number | undefined;
  /** Refuse `response.steer` like a provider without steering (until reset). */
  refuseSteering = false;
  /** Steering cuts a response even after a client tool call in it (until reset). */
  cutPastToolCalls = false;
  /** Refuse `prompt_cache_options` and breakpoints like a provider without them (until reset). */
  refuseCacheOptions = false;
  /** How far the prompt cache's clock runs ahead of the real one (`advanceClock`). */
  clockOffsetMs = 0;
  private dropAfter: number | undefined;
  private stallAfter: number | undefined;
  private nextFailure: DemoFailure | undefined;
  private httpFailures: { remaining: number; status: number } | undefined;
  private injection: DemoInjection | undefined;

  constructor(private readonly memory: DemoMemory) {}

  /** Refuse all later WebSocket upgrades with this status until cleared (reset / allowUpgrade). */
  refuseUpgrade(status = 426): void {
    this.upgradeRefusal = status;
  }

  allowUpgrade(): void {
    this.upgradeRefusal = undefined;
  }

  /** The next WebSocket response: close the socket after `n` events (once). */
  dropAfterEvents(n: number): void {
    this.dropAfter = n;
  }

  /** The next response (either transport): send `n` events, then go silent (once). */
  stallAfterEvents(n: number): void {
    this.stallAfter = n;
  }

  /** Every stored response id becomes unknown (previous_response_not_found). */
  forgetResponses(): void {
    this.memory.forgetResponses();
  }

  /**
   * The simulated prompt cache forgets every prefix, as if it had expired: the next request
   * reports 0 cached tokens even with an unchanged prefix (chains are kept).
   */
  forgetPromptCache(): void {
    this.memory.forgetPromptCache();
  }

  /**
   * Act like a provider without WebSocket lanes that refuses the parameter: every request with
   * a `stream_id` gets an `unknown_parameter` error frame with `param: "stream_id"` (until reset).
   */
  rejectStreamIds(): void {
    this.streamIds = "reject";
  }

  /**
   * Act like a provider that drops `stream_id` silently: no event echoes it and the request
   * lands on the default lane, replacing that lane's latest response (until reset).
   */
  ignoreStreamIds(): void {
    this.streamIds = "ignore";
  }

  /**
   * Act like a server whose model takes no in-band effort changes: every request carrying a
   * `configuration_update` item gets the real 400 (`unsupported_value`, `input[N].type`).
   */
  rejectEffortUpdates(): void {
    this.refuseEffortUpdates = true;
  }

  /**
   * Act like a provider without server-side compaction: every request carrying a
   * `compaction_trigger` gets a 400 (`unsupported_value`, `input[N].type`) until reset.
   */
  rejectCompaction(): void {
    this.refuseCompaction = true;
  }

  /** The next compaction answers `n` compaction items (0: a message and none), once. */
  compactionItemsNext(n: number): void {
    this.compactionItems = n;
  }

  /**
   * Act like a provider without cache control: a request with `prompt_cache_options` or a
   * `prompt_cache_breakpoint` gets 400 `unknown_parameter` naming it (until reset).
   */
  rejectCacheOptions(): void {
    this.refuseCacheOptions = true;
  }

  /**
   * Act like a provider without steering: every `response.steer` gets `response.steer.failed`
   * with `steering_not_supported` (until reset).
   */
  rejectSteering(): void {
    this.refuseSteering = true;
  }

  /**
   * Act like a server that puts a tool call inside a steered segment: a response that calls a
   * client tool is cut for steering like any other (no `response.steer.pending`), and its
   * automatic successor starts without the call's output (until reset).
   */
  steerPastToolCalls(): void {
    this.cutPastToolCalls = true;
  }

  /** Move the prompt cache's clock forward (an idle longer than a TTL, without waiting). */
  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  /** The next request fails: an HTTP error status with a JSON body, or a WebSocket error frame. */
  failNext(failure: DemoFailure): void {
    this.nextFailure = failure;
  }

  /**
   * The next response (either transport) carries an extra frame: an unknown event type, a
   * malformed event, an `error` frame or a `response.incomplete` mid-stream (once).
   */
  injectFrame(injection: DemoInjection): void {
    this.injection = injection;
  }

  /**
   * The next WebSocket request meets the server's connection limit: an error frame with
   * `websocket_connection_limit_reached`, then the server closes the connection.
   */
  connectionLimitNext(): void {
    this.failNext({
      status: 400,
      code: "websocket_connection_limit_reached",
      message: "Responses websocket connection limit reached (60 minutes). Open a new connection.",
      close: true,
    });
  }

  /** The next `n` HTTP requests fail with `status` (default 500). */
  failHttpTimes(n: number, status = 500): void {
    this.httpFailures = n > 0 ? { remaining: n, status } : undefined;
  }

  reset(): void {
    this.upgradeRefusal = undefined;
    this.streamIds = "lanes";
    this.refuseEffortUpdates = false;
    this.refuseCompaction = false;
    this.compactionItems = undefined;
    this.refuseCacheOptions = false;
    this.refuseSteering = false;
    this.cutPastToolCalls = false;
    this.dropAfter = undefined;
    this.stallAfter = undefined;
    this.nextFailure = undefined;
    this.httpFailures = undefined;
    this.injection = undefined;
  }

  /** @internal */
  takeFailure(transport: "ws" | "http"): DemoFailure | undefined {
    if (this.nextFailure) {
      const failure = this.nextFailure;
      this.nextFailure = undefined;
      return failure;
    }
    if (transport === "http" && this.httpFailures) {
      const { status } = this.httpFailures;
      this.httpFailures.remaining -= 1;
      if (this.httpFailures.remaining <= 0) this.httpFailures = undefined;
      return { status, code: "server_error", message: "demo server error" };
    }
    return undefined;
  }

  /** @internal */
  takeCompactionItems(): number {
    const n = this.compactionItems ?? 1;
    this.compactionItems = undefined;
    return n;
  }

  /** @internal */
  takeInjection(): DemoInjection | undefined {
    const injection = this.injection;
    this.injection = undefined;
    return injection;
  }

  /** @internal */
  takeDropAfter(): number | undefined {
    const n = this.dropAfter;
    this.dropAfter = undefined;
    return n;
  }

  /** @internal */
  takeStallAfter(): number | undefined {
    const n = this.stallAfter;
    this.stallAfter = undefined;
    return n;
  }
}
