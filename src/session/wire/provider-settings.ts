/**
 * How the wire reaches the model provider: where, with which credential, and its transport
 * limits (config.toml and flags, resolved in src/launch; docs/config.md).
 */
import type { BearerCredentials } from "../../auth/index.js";

import type { WS_LANES } from "../../settings/index.js";

/** `ws_lanes` (src/settings/choices.ts). */
export type WsLanes = (typeof WS_LANES)[number];

/** How to reach the model provider (from config.toml / flags; see docs/config.md). */
export interface ProviderSettings {
  id: string;
  name: string;
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  /**
   * The bearer credential (an API key or a ChatGPT sign-in), asked for its token at every
   * request; the token is never logged, never stored in the ledger or the session file.
   */
  credentials?: BearerCredentials;
  /**
   * The ChatGPT Codex backend (a ChatGPT sign-in on the `openai` provider, docs/config.md):
   * its headers and turn state, zstd bodies over HTTP, its models endpoint, `store=false`.
   */
  codexBackend?: boolean;
  supportsWebsockets: boolean;
  requestMaxRetries: number;
  streamMaxRetries: number;
  streamIdleTimeoutMs: number;
  /** One attempt's total time, whatever keeps arriving (default: the chain's 10 minutes). */
  streamMaxDurationMs?: number;
  websocketConnectTimeoutMs: number;
  /** Effort lanes (docs/protocol.md, "Lanes"); "off" is the Codex CLI's one chain. */
  wsLanes: WsLanes;
  /** At most this many lanes, least recently used dropped (`ws_max_lanes`, default 4). */
  wsMaxLanes: number;
  /** Epoch reset after this many requests on one chain; 0 = off. */
  wsEpochMaxRequests: number;
  /** Offer permessage-deflate on the WebSocket handshake (`ws_compression`, default true). */
  wsCompression?: boolean;
}
