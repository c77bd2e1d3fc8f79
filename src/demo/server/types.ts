import type { DemoBackend, DemoIssuer, IssuerOptions, TokenVerifier } from "../backend/index.js";
import type { DemoTransport } from "../request/index.js";
import type { DemoHooks, StreamIdMode } from "./hooks.js";

/** Identity headers as received (the Authorization value itself is never kept). */
export interface RecordedHeaders {
  originator?: string;
  userAgent?: string;
  sessionId?: string;
  /** `OpenAI-Beta` (the WebSocket upgrade sends `responses_websockets=…`). */
  openaiBeta?: string;
  /** `x-client-request-id`. */
  clientRequestId?: string;
  /** The Codex backend's: `thread-id`, `chatgpt-account-id`, `version`, `x-codex-turn-state`. */
  threadId?: string;
  chatgptAccountId?: string;
  version?: string;
  turnState?: string;
  /** `Content-Encoding` of an HTTP body (`zstd` toward the backend). */
  contentEncoding?: string;
  authorizationPresent: boolean;
}

/** One request as the demo server received it, for tests to assert on. */
export interface RecordedRequest {
  transport: DemoTransport;
  /** The TCP connection it arrived on (`conn_N`); equal for requests on one socket. */
  connectionId: string;
  previousResponseId?: string;
  generate?: boolean;
  /** Length of the `input` array on the wire (the delta for a chained request). */
  inputLength: number;
  /** Bytes of the request body / frame. */
  bytes: number;
  /**
   * WebSocket only: bytes the frame took on the TCP connection (frame header included; less
   * than `bytes` when permessage-deflate was negotiated).
   */
  wireBytes?: number;
  /** The parsed request JSON (WebSocket frames keep their `type`). */
  body: unknown;
  headers: RecordedHeaders;
  /** Set once the response is created (not for rejected requests). */
  responseId?: string;
  /** WebSocket: the `usage` its response reported when it ended (completed, or cut by steering). */
  usage?: unknown;
  /** When the server received it (epoch ms). */
  receivedAt: number;
}

export interface DemoServer {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** Each `GET /models` the server answered (the bundled catalog, Codex's format). */
  catalogRequests: Array<{ connectionId: string; headers: RecordedHeaders }>;
  /** Each `GET /backend-api/wham/accounts/check` answered (the Codex CLI's workspace routing discovery). */
  accountChecks: RecordedHeaders[];
  /** Each `response.steer` frame, as received (not in `requests`: it creates no response). */
  steers: unknown[];
  /** The automatic successors steering started (the server's own, not client requests). */
  successors: RecordedRequest[];
  hooks: DemoHooks;
  /** The Codex backend emulation under `/backend-api/codex/` (its plan usage, its 429 hook). */
  backend: DemoBackend;
  /** `chatgpt_base_url` for the emulated backend, e.g. http://127.0.0.1:PORT/backend-api/ */
  backendUrl: string;
  /**
   * The OAuth issuer served on the same origin (`issuer.issuerUrl`, e.g. http://127.0.0.1:PORT):
   * ChatGPT sign-in, device codes and refreshes (docs/protocol.md, "The demo issuer").
   */
  issuer: DemoIssuer;
  /** Close every open WebSocket from the server's side, as a server does with an idle one. */
  closeSockets(): void;
  close(): Promise<void>;
}

/**
 * An extra check of each request body, for tests whose client is mini-codex (its own strict
 * request schema): a problem text makes the server refuse the request with 400
 * `client_check_failed`, so a client bug fails loudly. The server itself accepts what the
 * Responses API accepts.
 */
export type DemoRequestCheck = (body: unknown, transport: DemoTransport) => string | undefined;

export interface DemoServerOptions {
  requestCheck?: DemoRequestCheck;
  /** Called with each request as it arrives (before it is answered). */
  onRequest?: (request: RecordedRequest) => void;
  /** How `stream_id` is treated from the start (default `lanes`; see DemoHooks). */
  streamIds?: StreamIdMode;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The issuer's access-token lifetime and device-code poll interval. */
  issuer?: IssuerOptions;
  /** Default 127.0.0.1. */
  host?: string;
  /** False: refuse `response.steer` like a provider without steering (DemoHooks.rejectSteering). */
  steering?: boolean;
  /** Accept permessage-deflate when a client offers it (default true). */
  wsCompression?: boolean;
  /**
   * Serve HTTPS (and WSS) with this PEM certificate and key instead of plain HTTP: every URL of
   * the server is then `https://` (the Codex CLI accepts only an HTTPS workspace backend).
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** The Codex backend checks each token's signature with this (default: the demo issuer's). */
  verifyToken?: TokenVerifier;
}

/** The body of an API error (HTTP JSON body `{error}` or WebSocket `error` frame). */
export interface DemoApiError {
  status: number;
  /** A WebSocket error frame leaves `status` out (a hook asked for that). */
  omitStatus?: boolean;
  /** Close the WebSocket after the error frame. */
  close?: boolean;
  /** The named lane the failed request was on: the error frame echoes it as `stream_id`. */
  streamId?: string;
  error: { type: string; code: string | null; message: string; param?: string };
}
