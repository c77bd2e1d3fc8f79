import type { IncomingMessage } from "node:http";
import WebSocket from "ws";
import { AuthError, type BearerToken } from "../auth/index.js";
import { TURN_STATE_HEADER, unreachable } from "../protocol/index.js";
import { unauthorizedMessage, withBearer } from "./bearer.js";
import type { TurnState } from "./codex-backend.js";
import { WebSocketUnavailable } from "./errors.js";
import { identityHeaders, websocketUrl } from "./headers.js";
import type { ProviderEndpoint } from "./types.js";

const DEFAULT_WEBSOCKET_CONNECT_TIMEOUT_MS = 15_000;
export const RESPONSES_WEBSOCKETS_BETA = "responses_websockets=2026-02-06";

/**
 * permessage-deflate as the Codex CLI offers it (with `client_max_window_bits`), asking the
 * server for `server_no_context_takeover`. Our frames keep context takeover, so each request is
 * compressed against the ones before it on the socket: a continuation that repeats the
 * request's instructions and tools shrinks to about a hundred bytes. The server's frames are
 * compressed one by one, and its many small event frames (under 1 KiB) not at all, which
 * spares the client an inflate per text delta (bench/compression.mjs: bytes and CPU).
 */
const COMPRESSION = { serverNoContextTakeover: true };

/**
 * Open one Responses WebSocket: the handshake headers with the credential's token of the
 * moment (a 401 refreshes it once: `withBearer`), the connect timeout, and a refused upgrade or
 * failed connect as WebSocketUnavailable. `onOpen` takes the socket over before any frame can
 * arrive (with the token it was opened with, kept in memory for a refresh after a 401 on it);
 * `onUpgrade` sees the upgrade response's headers (plan usage) first. On the Codex backend the
 * upgrade carries `turnState` (the turn state of the request that opens the socket) and the
 * upgrade response's value is captured into it.
 */
export function openWebSocket(
  endpoint: ProviderEndpoint,
  onOpen: (socket: WebSocket, token: BearerToken | undefined) => void,
  onUpgrade?: (response: IncomingMessage) => void,
  turnState?: TurnState,
): Promise<WebSocket> {
  return withBearer(endpoint.credentials, (token) =>
    openWith(
      endpoint,
      token,
      turnState,
      (socket) => onOpen(socket, token),
      (response) => {
        const state = response.headers[TURN_STATE_HEADER];
        if (endpoint.backend) turnState?.capture(Array.isArray(state) ? state[0] : state);
        onUpgrade?.(response);
      },
    ),
  );
}

/**
 * The server refused a socket's token after the upgrade (a 401 error frame: it expired
 * mid-session): ask the credential once for a refreshed token (`afterUnauthorized`, under the
 * home's lock); the next socket opens with it. A refresh that fails throws the AuthError that
 * says what to do (`mini-codex login`).
 */
export async function refreshRejectedToken(
  endpoint: ProviderEndpoint,
  rejected: BearerToken | undefined,
): Promise<void> {
  const credentials = endpoint.credentials;
  if (!credentials || !rejected) throw new AuthError(unauthorizedMessage(credentials?.kind));
  await credentials.afterUnauthorized(rejected.token);
}

function handshakeHeaders(
  endpoint: ProviderEndpoint,
  token: BearerToken | undefined,
  turnState: TurnState | undefined,
): Record<string, string> {
  const ids: Record<string, string> = endpoint.backend
    ? {} // the backend's own ids come with identityHeaders
    : { session_id: endpoint.sessionId, "x-client-request-id": endpoint.sessionId };
  return {
    ...identityHeaders(endpoint, token, turnState),
    "OpenAI-Beta": RESPONSES_WEBSOCKETS_BETA,
    ...ids,
  };
}

function openWith(
  endpoint: ProviderEndpoint,
  token: BearerToken | undefined,
  turnState: TurnState | undefined,
  onOpen: (socket: WebSocket) => void,
  onUpgrade: (response: IncomingMessage) => void,
): Promise<WebSocket> {
  const timeoutMs = endpoint.websocketConnectTimeoutMs ?? DEFAULT_WEBSOCKET_CONNECT_TIMEOUT_MS;
  const url = websocketUrl(endpoint.baseUrl);
  const socket = new WebSocket(url, {
    headers: handshakeHeaders(endpoint, token, turnState),
    perMessageDeflate: endpoint.websocketCompression ? COMPRESSION : false,
  });
  socket.once("upgrade", onUpgrade);
  return new Promise<WebSocket>((resolve, reject) => {
    let settled = false;
    const fail = (error: WebSocketUnavailable) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on("error", () => {});
      socket.terminate();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new WebSocketUnavailable(`WebSocket connect timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once("unexpected-response", (_req, res) => {
      res.resume();
      const status = res.statusCode;
      fail(new WebSocketUnavailable(`WebSocket upgrade refused (HTTP ${status})`, status));
    });
    socket.once("error", (error: Error & { code?: string }) => {
      fail(new WebSocketUnavailable(`WebSocket connect failed: ${unreachable("GET", url, error)}`));
    });
    socket.once("open", () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      onOpen(socket);
      resolve(socket);
    });
  });
}
