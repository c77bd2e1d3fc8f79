import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import type { DemoRequestCheck, DemoServerOptions } from "../../src/demo/server/types.js";
import { responsesRequestSchema } from "../../src/protocol/request.js";

const STRICT_REQUEST = responsesRequestSchema().strict();

/**
 * mini-codex's own request schema, strictly (no unknown key): the demo server accepts whatever
 * the Responses API accepts, so tests whose client is mini-codex add this check to fail loudly
 * on a client bug. The WebSocket envelope (`type`, `stream_id`) is not part of the body.
 */
export const miniCodexRequestCheck: DemoRequestCheck = (body, transport) => {
  let request = body;
  if (transport === "ws" && typeof body === "object" && body !== null) {
    const { type: _type, stream_id: _streamId, ...rest } = body as Record<string, unknown>;
    request = rest;
  }
  const parsed = STRICT_REQUEST.safeParse(request);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return `mini-codex request schema: ${issue?.path.join(".") || "root"}: ${issue?.message ?? "invalid"}`;
};

/** A demo server that also holds mini-codex to its own request schema. */
export function startCheckedDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  return startDemoServer({ requestCheck: miniCodexRequestCheck, ...options });
}
