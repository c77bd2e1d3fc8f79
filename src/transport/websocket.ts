import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import type { BearerToken } from "../auth/index.js";
import {
  isTerminalEvent,
  type PlanUsage,
  planUsageFromHeaders,
  type ResponsesRequest,
  rateLimitsEvent,
  responseCreateFrameText,
  type ServerEvent,
} from "../protocol/index.js";
import { readToEnd } from "./abandoned-response.js";
import { abortedError, waitOrAbort } from "./backoff.js";
import type { TurnState } from "./codex-backend.js";
import { closedBeforeTerminal, TransportError, withStarted } from "./errors.js";
import { EventQueue } from "./event-queue.js";
import { requestWritten } from "./first-request.js";
import { type Delivery, routeFrame } from "./frame-routing.js";
import { DEFAULT_STREAM_IDLE_TIMEOUT_MS } from "./http.js";
import { socketErrorFrame } from "./server-error.js";
import type { LaneRoute, ProviderEndpoint, ResponsesTransport } from "./types.js";
import { openWebSocket, refreshRejectedToken } from "./websocket-open.js";

/** The route key of the unnamed (default) lane. */
const DEFAULT_ROUTE = "";

/**
 * One persistent Responses WebSocket: one response at a time, the socket kept between
 * responses. After the socket drops, the next `stream()`/`connect()` opens a new connection
 * with a new `connectionId` (a chain never survives that: callers compare the id).
 * Lanes (docs/protocol.md): a named lane's frame carries its `stream_id`, and events are
 * routed by the `stream_id` they echo; an event that echoes none while only a named lane is
 * reading went to the server's default lane (the server ignored `stream_id`).
 */
export class WebSocketTransport implements ResponsesTransport {
  readonly kind = "ws" as const;
  private socket: WebSocket | undefined;
  private connecting: Promise<WebSocket> | undefined;
  private readonly routes = new Map<string, EventQueue<Delivery>>();
  /** Distinct named lanes this connection has carried (servers cap them per connection). */
  private readonly namedLanes = new Set<string>();
  /** Each lane's streams in order (lanes stream side by side, as the server serves them). */
  private readonly turns = new Map<string, Promise<void>>();
  /** The queues of responses given up on that are read to their end (no reader of their own). */
  private readonly abandoned = new Set<EventQueue<Delivery>>();
  private _connectionId: string | undefined;
  private _openedAt: number | undefined;
  /** The plan usage the upgrade response reported, handed to the first response read on it. */
  private upgradeUsage: PlanUsage | undefined;
  /** The token the current socket was opened with (in memory only): what a 401 on it rejected. */
  private openedWith: BearerToken | undefined;

  constructor(
    private readonly endpoint: ProviderEndpoint,
    private readonly now: () => number = Date.now,
  ) {}

  /** Local id of the current connection (a new one after every reconnect). */
  get connectionId(): string | undefined {
    return this.isOpen ? this._connectionId : undefined;
  }

  /** When the current connection opened (epoch ms), for the 60-minute connection limit. */
  get openedAt(): number | undefined {
    return this.isOpen ? this._openedAt : undefined;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Open the socket now (no-op when open; the upgrade carries `turnState`). Throws WebSocketUnavailable when refused. */
  async connect(signal?: AbortSignal, turnState?: TurnState): Promise<void> {
    await this.ensureOpen(signal, turnState);
  }

  /** How many distinct `stream_id`s the current connection has carried. */
  get namedLaneCount(): number {
    return this.isOpen ? this.namedLanes.size : 0;
  }

  /** Whether the current connection has already carried this `stream_id`. */
  hasCarried(streamId: string): boolean {
    return this.isOpen && this.namedLanes.has(streamId);
  }

  stream(
    request: ResponsesRequest,
    signal?: AbortSignal,
    lane?: LaneRoute,
  ): AsyncIterable<ServerEvent> {
    return this.run(request, signal, lane);
  }

  /** Send one client frame that is not a request (`response.steer`); false when closed. */
  sendFrame(text: string): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(text);
    return true;
  }

  /** A 401 error frame refused the open socket's token: drop the socket, refresh the token once. */
  async refreshAfterUnauthorized(): Promise<void> {
    const rejected = this.openedWith;
    this.close();
    await refreshRejectedToken(this.endpoint, rejected);
  }

  /** Close the current socket; a later stream() reconnects. */
  close(): void {
    this.drop(new TransportError("transport closed", { kind: "aborted" }));
  }

  private async *run(
    request: ResponsesRequest,
    signal: AbortSignal | undefined,
    lane: LaneRoute | undefined,
  ): AsyncGenerator<ServerEvent> {
    const streamId = lane?.streamId;
    const route = streamId ?? DEFAULT_ROUTE;
    const previous = this.turns.get(route) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Later streams of a lane wait for every earlier one, even one that gave up while waiting.
    const turn = Promise.all([previous, mine]).then(() => undefined);
    this.turns.set(route, turn);
    void turn.then(() => {
      if (this.turns.get(route) === turn) this.turns.delete(route);
    });
    let started = false;
    let clean = false;
    let acquired = false;
    let afterTerminal = false;
    let sent = false;
    let failed = false;
    const queue = new EventQueue<Delivery>();
    try {
      await waitOrAbort(previous, signal);
      acquired = true;
      const socket = await this.ensureOpen(signal, lane?.turnState);
      this.routes.set(route, queue);
      if (socket.readyState !== WebSocket.OPEN) throw closedBeforeTerminal("before the request");
      if (streamId !== undefined) this.namedLanes.add(streamId);
      sent = true;
      socket.send(responseCreateFrameText(request, streamId), (error) => {
        if (error) queue.fail(closedBeforeTerminal("while sending the request"));
        else requestWritten();
      });
      const idleMs = this.endpoint.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
      for (;;) {
        const delivery = await queue
          .next(idleMs, signal, () => started)
          .catch((error: unknown) => {
            throw withStarted(error, started);
          });
        if ("error" in delivery) throw withStarted(delivery.error, started);
        const event = delivery.event;
        if (event.type === "error") {
          clean = true;
          throw socketErrorFrame(event, started, this.endpoint.credentials?.kind);
        }
        // a response run without its lane's echo went to the server's default lane
        if (!started && streamId !== undefined && !delivery.echoed) lane?.onIgnored?.();
        started = true;
        if (event.type === "response.created") afterTerminal = false; // a successor streams
        if (isTerminalEvent(event)) afterTerminal = true;
        if (afterTerminal) clean = !(lane?.keepReading?.(event) ?? false);
        yield event;
        const usage = this.upgradeUsage;
        if (usage) {
          this.upgradeUsage = undefined;
          yield { type: "unknown_event", raw: rateLimitsEvent(usage) };
        }
        if (clean) return;
      }
    } catch (error) {
      failed = !signal?.aborted; // a failure, not the reader giving up
      throw error;
    } finally {
      let ended: Promise<void> | undefined;
      if (acquired) {
        if (this.routes.get(route) === queue) this.routes.delete(route);
        if (!clean && sent) ended = this.abandon(route, queue, !failed, started);
      }
      if (ended) void ended.then(release);
      else release();
    }
  }

  /**
   * A response left half-read would leak its remaining events into the lane's next one. While
   * other lanes read on this socket (their responses would be cut too), read it to its end
   * (the promise: then the lane's next request may go); else, or after a failure, drop the socket.
   */
  private abandon(
    route: string,
    queue: EventQueue<Delivery>,
    givenUp: boolean,
    started: boolean,
  ): Promise<void> | undefined {
    const socket = this.socket;
    const othersRead = [...this.routes.values()].some((other) => !this.abandoned.has(other));
    if (!givenUp || !othersRead || !socket) {
      this.drop(abortedError(started));
      return undefined;
    }
    this.routes.set(route, queue);
    this.abandoned.add(queue);
    const idleMs = this.endpoint.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
    return readToEnd(queue, idleMs).then((ended) => {
      this.abandoned.delete(queue);
      if (this.routes.get(route) === queue) this.routes.delete(route);
      if (!ended && this.socket === socket) this.drop(abortedError(true));
    });
  }

  private ensureOpen(signal?: AbortSignal, turnState?: TurnState): Promise<WebSocket> {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      return Promise.resolve(this.socket);
    }
    if (!this.connecting) {
      this.connecting = this.open(turnState).finally(() => {
        this.connecting = undefined;
      });
    }
    return waitOrAbort(this.connecting, signal);
  }

  private open(turnState: TurnState | undefined): Promise<WebSocket> {
    return openWebSocket(
      this.endpoint,
      (socket, token) => {
        this.attach(socket);
        this.openedWith = token;
      },
      (response) => {
        this.upgradeUsage = planUsageFromHeaders((name) => [response.headers[name]].flat()[0]);
      },
      turnState,
    );
  }

  private attach(socket: WebSocket): void {
    this.socket = socket;
    this._connectionId = `wsc_${randomUUID()}`;
    this._openedAt = this.now();
    this.namedLanes.clear();
    socket.on("message", (data, isBinary) => {
      if (this.socket !== socket || this.routes.size === 0 || isBinary) return;
      this.route(data.toString());
    });
    socket.on("error", () => {
      // A close always follows; it reports the failure.
    });
    socket.on("close", (code) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.failRoutes(closedBeforeTerminal(`(code ${code})`));
    });
  }

  /** Hand one frame to the lane whose `stream_id` it echoes (events of no reader are dropped). */
  private route(text: string): void {
    const routed = routeFrame(text, this.routes, DEFAULT_ROUTE);
    if (routed && "invalid" in routed) this.failRoutes(routed.invalid);
    else routed?.queue.push(routed.delivery);
  }

  private failRoutes(error: TransportError): void {
    for (const queue of this.routes.values()) queue.fail(error);
  }

  private drop(error: TransportError): void {
    const socket = this.socket;
    this.socket = undefined;
    this.failRoutes(error);
    if (socket) {
      socket.removeAllListeners();
      socket.on("error", () => {});
      socket.terminate();
    }
  }
}
