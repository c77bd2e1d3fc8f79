import os from "node:os";
import type { ProviderEndpoint } from "./types.js";

/** The honest identity of docs/protocol.md ("Endpoints and headers"): never pretend to be the Codex CLI. */
export function userAgent(version: string): string {
  return `mini-codex/${version} (${process.platform} ${os.release()}; ${process.arch}) node/${process.versions.node}`;
}

/** Headers shared by the HTTP request and the WebSocket upgrade. */
export function identityHeaders(endpoint: ProviderEndpoint): Record<string, string> {
  const headers: Record<string, string> = {
    originator: "mini_codex",
    "User-Agent": userAgent(endpoint.version),
  };
  if (endpoint.apiKey) headers.Authorization = `Bearer ${endpoint.apiKey}`;
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
