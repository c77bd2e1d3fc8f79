import WebSocket from "ws";
import { WebSocketUnavailable } from "./errors.js";
import { identityHeaders, websocketUrl } from "./headers.js";
import type { ProviderEndpoint } from "./types.js";

export const DEFAULT_WEBSOCKET_CONNECT_TIMEOUT_MS = 15_000;
export const RESPONSES_WEBSOCKETS_BETA = "responses_websockets=2026-02-06";

/**
 * Open one Responses WebSocket: the handshake headers, the connect timeout, and a refused
 * upgrade or failed connect as WebSocketUnavailable. `onOpen` takes the socket over before
 * any frame can arrive.
 */
export function openWebSocket(
  endpoint: ProviderEndpoint,
  onOpen: (socket: WebSocket) => void,
): Promise<WebSocket> {
  const timeoutMs = endpoint.websocketConnectTimeoutMs ?? DEFAULT_WEBSOCKET_CONNECT_TIMEOUT_MS;
  const socket = new WebSocket(websocketUrl(endpoint.baseUrl), {
    headers: {
      ...identityHeaders(endpoint),
      "OpenAI-Beta": RESPONSES_WEBSOCKETS_BETA,
      session_id: endpoint.sessionId,
      "x-client-request-id": endpoint.sessionId,
    },
    perMessageDeflate: false,
  });
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
      fail(new WebSocketUnavailable(`WebSocket connect failed: ${error.code ?? error.message}`));
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
