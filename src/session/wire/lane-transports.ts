import type { ResponsesRequest } from "../../protocol/index.js";
import { errorMessage, redactError } from "../../protocol/index.js";
import type { ProviderEndpoint, ResponsesTransport } from "../../transport/index.js";
import {
  HttpTransport,
  type TurnScope,
  TurnStates,
  WebSocketTransport,
} from "../../transport/index.js";
import { type LaneOwner, previewAgentStart } from "./agent-lanes.js";
import { ModelRequestError } from "./failures.js";
import {
  LaneSockets,
  laneBudgetSpent,
  SOCKET_MAX_AGE_MS,
  type SocketTransport,
} from "./lane-sockets.js";
import type { LaneTable } from "./lanes.js";
import type { WirePlan } from "./plan.js";
import type { ProviderSettings } from "./provider-settings.js";
import type { FullRequest } from "./request.js";
import { type AttemptTarget, providerEndpoint } from "./wire-attempt.js";

/** What a session's transports are made from (the model client's options include these). */
export interface LaneTransportOptions {
  provider: ProviderSettings;
  sessionId: string;
  /** The prompt cache key (a fork's is its parent's): the Codex backend's session and thread id. */
  threadId?: string;
  version: string;
  lanes: LaneTable;
  warn(message: string): void;
  createWebSocket?(endpoint: ProviderEndpoint): SocketTransport;
  createHttp?(endpoint: ProviderEndpoint): ResponsesTransport;
}

/**
 * Which transport carries a lane's next attempt: its WebSocket (shared or its own, replaced
 * by age or by the connection's lane budget), or HTTP for the rest of the session once
 * WebSockets are off or gave up (one warning).
 */
export class LaneTransports {
  readonly sockets: LaneSockets;
  /** The Codex backend's turn states: the session's and each subagent's (a request enters its owner's). */
  readonly turnStates = new TurnStates();
  private http?: ResponsesTransport;
  private useHttp: boolean;
  private readonly endpoint: ProviderEndpoint;

  constructor(
    private readonly options: LaneTransportOptions,
    private readonly now: () => number,
  ) {
    this.useHttp = !options.provider.supportsWebsockets;
    this.endpoint = providerEndpoint({
      ...options,
      threadId: options.threadId ?? options.sessionId,
    });
    const mode = options.provider.wsLanes;
    this.sockets = new LaneSockets(mode === "auto" ? "stream_id" : mode, () =>
      (this.options.createWebSocket ?? ((e) => new WebSocketTransport(e, this.now)))(this.endpoint),
    );
  }

  /** HTTP for good (no WebSocket support, or a fallback happened). */
  get overHttp(): boolean {
    return this.useHttp;
  }

  close(): void {
    this.sockets.closeAll();
    this.http?.close();
  }

  /**
   * The lane for `body`, the transport (and connection) its next attempt goes out on, and the
   * turn state of `scope` (its owner's turn: a new turn starts without one), which a socket
   * opened for it carries on the upgrade.
   */
  async pick(
    body: ResponsesRequest,
    { signal, agent: owner }: { signal?: AbortSignal | undefined; agent?: LaneOwner | undefined },
    scope: TurnScope,
  ): Promise<AttemptTarget> {
    const lanes = this.options.lanes;
    const lane = lanes.select(body, owner);
    const turnState = this.turnStates.enter(scope);
    if (this.useHttp) {
      this.http ??= (this.options.createHttp ?? ((e) => new HttpTransport(e)))(this.endpoint);
      return { lane, transport: this.http, connection: undefined, streamId: undefined, turnState };
    }
    const socket = this.sockets.socketFor(lane);
    const openedAt = socket.openedAt;
    if (openedAt !== undefined && this.now() - openedAt >= SOCKET_MAX_AGE_MS) {
      socket.close();
      // every lane on that socket starts a new epoch on a new one
      if (this.sockets.sharedByAll) lanes.resetEpoch("socket_age");
      else lane.chain.reset("epoch_reset:socket_age");
    }
    const streamId = this.sockets.streamIdFor(lane);
    // the connection's lane budget is spent: its lanes reconnect
    if (laneBudgetSpent(socket, streamId)) socket.close();
    await socket.connect(signal, turnState);
    return { lane, transport: socket, connection: socket.connectionId, streamId, turnState };
  }

  /** A 401 on `socket` refused its token: refresh it once (the socket drops); a refused refresh ends the turn saying what to do. */
  async refreshSignIn(socket: SocketTransport): Promise<void> {
    try {
      await socket.refreshAfterUnauthorized();
    } catch (error) {
      redactError(error);
      throw new ModelRequestError(errorMessage(error), false);
    }
  }

  /** WebSockets are done for this session: HTTP from now on, said once. */
  fallBackToHttp(why: string): void {
    if (this.useHttp) return;
    this.useHttp = true;
    this.sockets.closeAll();
    this.options.warn(`${why}; using HTTP for the rest of this session`);
  }
}

/** What the next request for `current` would be, and on which lane (no side effects). */
export function previewOnLanes(
  lanes: LaneTable,
  transports: LaneTransports,
  current: FullRequest,
  owner?: LaneOwner,
): { plan: WirePlan; lane: string } {
  const lane = lanes.find(current.body, owner);
  if (!lane && owner) {
    // a subagent's first request: its fork's head (on the connection it would use), or full
    const kind = transports.overHttp ? "http" : "ws";
    const connection = transports.overHttp ? undefined : transports.sockets.sharedConnection;
    const plan = previewAgentStart(owner, current, kind, connection);
    return { plan, lane: lanes.labelFor(current.body, owner) };
  }
  if (!lane) {
    const reason = transports.overHttp
      ? "transport_http"
      : lanes.size > 0
        ? "lane_new"
        : "no_baseline";
    return { plan: { kind: "full", reason }, lane: lanes.labelFor(current.body) };
  }
  const connection = transports.overHttp ? undefined : transports.sockets.connectionOf(lane);
  const kind = transports.overHttp ? "http" : "ws";
  const plan = lane.chain.preview(current, kind, connection, lanes.epochLimitReason());
  return { plan, lane: lane.label };
}
