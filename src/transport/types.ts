import type { BearerCredentials } from "../auth/index.js";
import type { ResponsesRequest, ServerEvent } from "../protocol/index.js";
import type { CodexBackend, TurnState } from "./codex-backend.js";

export type TransportKind = "ws" | "http";

/** Where and how to reach a Responses server. */
export interface ProviderEndpoint {
  /** e.g. https://api.openai.com/v1 (the WebSocket URL is derived from it). */
  baseUrl: string;
  /**
   * The bearer credential, asked for its token at every HTTP request and WebSocket upgrade;
   * the token goes only into that request's headers.
   */
  credentials?: BearerCredentials;
  /** The ChatGPT Codex backend's rules (its headers, turn state, zstd bodies); absent elsewhere. */
  backend?: CodexBackend;
  /** Session id for the `session_id` / `x-client-request-id` upgrade headers. */
  sessionId: string;
  /** Package version for the honest User-Agent. */
  version: string;
  streamIdleTimeoutMs?: number;
  websocketConnectTimeoutMs?: number;
  /** Offer permessage-deflate on the handshake; a server that declines gets plain frames. */
  websocketCompression?: boolean;
}

/**
 * One response's event stream. It ends after a terminal event (`response.completed`,
 * `response.failed`, `response.incomplete`) and throws a TransportError for anything else:
 * an `error` frame, a close before the terminal event, an idle timeout, an HTTP error.
 */
type ResponseEventStream = AsyncIterable<ServerEvent>;

/**
 * Where a request goes: its WebSocket lane (docs/protocol.md, "Lanes"; HTTP has none) and, on
 * the Codex backend, the turn state of the agent's turn it belongs to.
 */
export interface LaneRoute {
  /**
   * The Codex backend's `x-codex-turn-state` of this request's owner and turn: sent on the
   * HTTP request or the upgrade this request opens, and the response's value captured into it.
   */
  turnState?: TurnState;
  /** Sent as the frame's `stream_id`; undefined: the connection's default lane. */
  streamId?: string;
  /** The response's first event did not echo `streamId`: the server ignored it. */
  onIgnored?(): void;
  /**
   * Steering (docs/protocol.md, "Steering"): asked at a terminal event and at each event after
   * one; true keeps the stream open (an automatic successor or a steering answer follows).
   */
  keepReading?(event: ServerEvent): boolean;
}

export interface ResponsesTransport {
  readonly kind: TransportKind;
  /** Send one request and stream its events. Aborting the signal ends the stream with kind "aborted". */
  stream(request: ResponsesRequest, signal?: AbortSignal, lane?: LaneRoute): ResponseEventStream;
  close(): void;
}
