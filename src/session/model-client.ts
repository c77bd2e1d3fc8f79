import type { ServerEvent } from "../protocol/events.js";
import { type ResponsesRequest, responseCreateFrameText } from "../protocol/request.js";
import { backoffDelayMs, sleep } from "../transport/backoff.js";
import { AUTH_MESSAGE, TransportError, WebSocketUnavailable } from "../transport/errors.js";
import { HttpTransport, toHttpBody } from "../transport/http.js";
import type { ProviderEndpoint, ResponsesTransport, TransportKind } from "../transport/types.js";
import { WebSocketTransport } from "../transport/websocket.js";
import type { ProviderSettings } from "./api.js";
import type { RequestChain } from "./chain.js";
import type { RequestFinished, RequestOutcome, RequestStarted } from "./events.js";
import { failureKind, ModelRequestError, outcomeOf, recoveryFor } from "./failures.js";
import { type WirePlan, wireRequest } from "./plan.js";
import type { FullRequest } from "./request.js";
import { type CompletedResponse, readResponse, type StreamTiming } from "./response-stream.js";

export { ModelRequestError } from "./failures.js";

/** Connections end at 60 minutes; start a new epoch on a new socket five minutes before. */
export const SOCKET_MAX_AGE_MS = 55 * 60 * 1000;

/** What the model client needs from a WebSocket transport. */
export interface SocketTransport extends ResponsesTransport {
  connect(signal?: AbortSignal): Promise<void>;
  readonly connectionId: string | undefined;
  readonly openedAt: number | undefined;
}

export interface ModelClientOptions {
  provider: ProviderSettings;
  sessionId: string;
  version: string;
  chain: RequestChain;
  warn(message: string): void;
  createWebSocket?(endpoint: ProviderEndpoint): SocketTransport;
  createHttp?(endpoint: ProviderEndpoint): ResponsesTransport;
  now?: () => number;
  /** The seq of the last request already in the ledger (a resumed session goes on from it). */
  lastSeq?: number;
}

/** One sampling request: rebuilt on every attempt, so a resend always carries current history. */
export interface SampleCall {
  turn: number;
  build(): FullRequest;
  effort?: RequestStarted["effort"];
  warmup?: boolean;
  signal?: AbortSignal;
  onEvent(event: ServerEvent): void;
  /** An attempt failed and will be retried: drop anything half-streamed. */
  onAttemptFailed?(message: string): void;
  onRequestStarted(request: RequestStarted): void;
  onRequestFinished(request: RequestFinished): void;
}

/**
 * Transport choice and recovery (docs/protocol.md, "Failure handling"): WebSocket first, sticky HTTP fallback with one
 * warning, reconnect and full resend on previous_not_found / connection limit / drops,
 * rate-limit waits, no retry on 401. Every attempt that reaches the wire is reported once.
 */
export class ModelClient {
  private ws?: SocketTransport;
  private http?: ResponsesTransport;
  private useHttp: boolean;
  private seq = 0;
  private readonly now: () => number;

  constructor(private readonly options: ModelClientOptions) {
    this.useHttp = !options.provider.supportsWebsockets;
    this.now = options.now ?? Date.now;
    this.seq = options.lastSeq ?? 0;
  }

  get transportKind(): TransportKind {
    return this.useHttp ? "http" : "ws";
  }

  /** What the chain would do for `current` on the current transport (no side effects). */
  preview(current: FullRequest): WirePlan {
    return this.options.chain.preview(current, this.transportKind, this.ws?.connectionId);
  }

  /** Send the generate:false warm-up on a WebSocket; failures only cost the optimisation. */
  async warmup(call: Omit<SampleCall, "warmup">): Promise<void> {
    if (this.useHttp) return;
    try {
      await this.sample({ ...call, warmup: true });
    } catch (error) {
      if (error instanceof ModelRequestError && error.aborted) throw error;
    }
  }

  async sample(call: SampleCall): Promise<CompletedResponse> {
    const chain = this.options.chain;
    let retries = 0;
    for (;;) {
      if (call.signal?.aborted) throw new ModelRequestError("interrupted", true);
      if (call.warmup && this.useHttp) return { responseId: "", items: [] };
      let transport: ResponsesTransport;
      let connection: string | undefined;
      try {
        [transport, connection] = await this.pickTransport(call.signal);
      } catch (error) {
        if (error instanceof WebSocketUnavailable) {
          this.fallBackToHttp(`WebSocket unavailable (${error.message})`);
          continue;
        }
        throw this.toRequestError(error, call.signal);
      }
      chain.applyEpochLimit();
      const current = call.build();
      const plan = chain.plan(current, transport.kind, connection);
      const wire = wireRequest(current.body, plan, call.warmup === true);
      const started = this.describe(call, current, plan, wire, transport.kind);
      call.onRequestStarted(started);
      chain.accepted(current, connection);
      const timing: StreamTiming & { startedAt: number; now: () => number } = {
        startedAt: this.now(),
        now: this.now,
      };
      const finish = (outcome: RequestOutcome, result?: CompletedResponse) =>
        call.onRequestFinished({
          ...started,
          outcome,
          msTotal: this.now() - timing.startedAt,
          ...(timing.msToFirstEvent !== undefined ? { msToFirstEvent: timing.msToFirstEvent } : {}),
          ...(result?.responseId ? { responseId: result.responseId } : {}),
          ...(result?.usage ? { usage: result.usage } : {}),
        });
      try {
        const result = await readResponse(
          transport.stream(wire, call.signal),
          call.onEvent,
          timing,
        );
        chain.completed(result.responseId, result.items);
        finish("completed", result);
        return result;
      } catch (error) {
        finish(outcomeOf(error, call.signal)); // every started request is finished, even one the socket never took
        const kind = failureKind(error, call.signal);
        const recovery = recoveryFor(kind, {
          transport: transport.kind,
          retries,
          streamMaxRetries: this.options.provider.streamMaxRetries,
          requestMaxRetries: this.options.provider.requestMaxRetries,
          streamStarted: error instanceof TransportError && error.streamStarted,
          ...(error instanceof TransportError && error.retryAfterMs !== undefined
            ? { retryAfterMs: error.retryAfterMs }
            : {}),
          backoff: (n) => backoffDelayMs(n),
        });
        const message = error instanceof Error ? error.message : String(error);
        if (recovery.kind === "fail") {
          // the transport already dropped a socket whose stream was cut short (an interrupt,
          // a malformed event): the next request goes out on a new connection
          const dropped = transport.kind === "ws" && this.ws?.connectionId !== connection;
          chain.failed(dropped ? "reconnected" : undefined);
          throw this.toRequestError(error, call.signal);
        }
        retries += 1;
        if (recovery.kind === "retry_same") chain.retrySame();
        else chain.failed(recovery.kind === "reconnect" ? recovery.reason : undefined);
        if (recovery.kind === "reconnect" || recovery.kind === "http_for_good") this.ws?.close();
        if (recovery.kind === "fallback_http") {
          this.fallBackToHttp(`WebSocket unavailable (${message})`);
          continue;
        }
        if (recovery.kind === "http_for_good") {
          this.fallBackToHttp(`WebSocket kept failing (${message})`);
        }
        call.onAttemptFailed?.(message);
        if ("delayMs" in recovery && recovery.delayMs > 0) {
          await this.pause(recovery.delayMs, call.signal);
        }
      }
    }
  }

  close(): void {
    this.ws?.close();
    this.http?.close();
  }

  private async pickTransport(
    signal: AbortSignal | undefined,
  ): Promise<[ResponsesTransport, string | undefined]> {
    if (this.useHttp) {
      // retries happen here, not inside the transport, so each attempt gets its ledger line
      const endpoint = { ...this.endpoint(), requestMaxRetries: 0 };
      this.http ??= (this.options.createHttp ?? ((e) => new HttpTransport(e)))(endpoint);
      return [this.http, undefined];
    }
    this.ws ??= (this.options.createWebSocket ?? ((e) => new WebSocketTransport(e, this.now)))(
      this.endpoint(),
    );
    const openedAt = this.ws.openedAt;
    if (openedAt !== undefined && this.now() - openedAt >= SOCKET_MAX_AGE_MS) {
      this.ws.close();
      this.options.chain.resetEpoch("socket_age");
    }
    await this.ws.connect(signal);
    return [this.ws, this.ws.connectionId];
  }

  private fallBackToHttp(why: string): void {
    if (this.useHttp) return;
    this.useHttp = true;
    this.ws?.close();
    this.options.warn(`${why}; using HTTP for the rest of this session`);
  }

  private describe(
    call: SampleCall,
    current: FullRequest,
    plan: WirePlan,
    wire: ResponsesRequest,
    transport: TransportKind,
  ): RequestStarted {
    const text = transport === "ws" ? responseCreateFrameText(wire) : toHttpBody(wire);
    this.seq += 1;
    return {
      seq: this.seq,
      turn: call.turn,
      transport,
      mode:
        transport === "http" ? "http_full" : plan.kind === "full" ? "ws_full" : "ws_incremental",
      ...(plan.kind === "full" ? { reason: plan.reason } : {}),
      lane: this.options.chain.lane,
      previousResponseIdPresent: transport === "ws" && wire.previous_response_id !== undefined,
      model: wire.model,
      ...(wire.reasoning ? { effort: wire.reasoning.effort } : {}),
      itemsTotal: current.body.input.length,
      itemsSent: wire.input.length,
      bytesSent: Buffer.byteLength(text),
      warmup: call.warmup === true,
    };
  }

  private endpoint(): ProviderEndpoint {
    const { provider } = this.options;
    return {
      baseUrl: provider.baseUrl,
      ...(provider.apiKey ? { apiKey: provider.apiKey } : {}),
      sessionId: this.options.sessionId,
      version: this.options.version,
      requestMaxRetries: provider.requestMaxRetries,
      streamIdleTimeoutMs: provider.streamIdleTimeoutMs,
      websocketConnectTimeoutMs: provider.websocketConnectTimeoutMs,
    };
  }

  private pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return sleep(ms, signal).catch(() => {
      throw new ModelRequestError("interrupted", true);
    });
  }

  private toRequestError(error: unknown, signal: AbortSignal | undefined): ModelRequestError {
    if (error instanceof ModelRequestError) return error;
    const kind = failureKind(error, signal);
    if (kind === "aborted") return new ModelRequestError("interrupted", true);
    if (kind === "auth") return new ModelRequestError(AUTH_MESSAGE, false);
    const message = error instanceof Error ? error.message : String(error);
    return new ModelRequestError(message, false);
  }
}
