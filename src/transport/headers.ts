import os from "node:os";
import type { BearerToken } from "../auth/index.js";
import { sentCredentials } from "../protocol/index.js";
import { backendHeaders, type TurnState } from "./codex-backend.js";
import type { ProviderEndpoint } from "./types.js";

/** The honest identity of docs/protocol.md ("Endpoints and headers"): never pretend to be the Codex CLI. */
function userAgent(version: string): string {
  return `mini-codex/${version} (${process.platform} ${os.release()}; ${process.arch}) node/${process.versions.node}`;
}

/** Who is asking, on every request mini-codex makes of a provider (responses, models). */
export function clientIdentity(version: string): Record<string, string> {
  return { originator: "mini_codex", "User-Agent": userAgent(version) };
}

/**
 * Headers shared by the HTTP request and the WebSocket upgrade: identity, the bearer token of
 * the moment (noted as sent: it is taken out of whatever the server sends back), and on the
 * Codex backend its own headers (account, ids, version, and the turn state of the route the
 * request is for).
 */
export function identityHeaders(
  endpoint: ProviderEndpoint,
  token: BearerToken | undefined,
  turnState?: TurnState,
): Record<string, string> {
  const headers = clientIdentity(endpoint.version);
  if (token) {
    sentCredentials.add(token.token);
    headers.Authorization = `Bearer ${token.token}`;
  }
  if (endpoint.backend) {
    Object.assign(
      headers,
      backendHeaders(endpoint.backend, endpoint.version, token?.accountId, turnState),
    );
  }
  return headers;
}

/** `{base}/responses`, tolerant of a trailing slash on the base URL. */
export function responsesUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/responses`;
}

/** The WebSocket URL: the same URL with http→ws, https→wss. */
export function websocketUrl(baseUrl: string): string {
  return responsesUrl(baseUrl).replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}
