import type { InitializeRequest, InitializeResponse } from "@agentclientprotocol/sdk";
import { AUTH_METHODS } from "./auth-methods.js";
import { ownMeta, STEER_METHOD } from "./own-meta.js";

// `initialize`, answered at once from constants: no config read, no network, no terminal.

/** The ACP protocol version mini-codex speaks. */
const ACP_PROTOCOL_VERSION = 1;

export function initializeResponse(
  request: InitializeRequest,
  version: string,
): InitializeResponse {
  return {
    // a client on a later version is told ours (it decides whether to go on); an earlier one gets ours too
    protocolVersion:
      Math.min(request.protocolVersion, ACP_PROTOCOL_VERSION) || ACP_PROTOCOL_VERSION,
    agentInfo: { name: "mini-codex", title: "mini-codex", version },
    agentCapabilities: {
      loadSession: true,
      promptCapabilities: { image: true, embeddedContext: true, audio: false },
      mcpCapabilities: { http: true, sse: false },
      sessionCapabilities: { list: {}, resume: {}, close: {}, additionalDirectories: {} },
      _meta: ownMeta({ steer: STEER_METHOD, usage: "usage_update._meta" }),
    },
    authMethods: AUTH_METHODS,
  };
}
