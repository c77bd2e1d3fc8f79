import type { IncomingMessage, ServerResponse } from "node:http";
import { ModelCatalog, toCodexCatalog } from "../../models/index.js";
import { formatSseEvent, TURN_STATE_HEADER, zstdDecompress } from "../../protocol/index.js";
import type { BackendCaller } from "../backend/index.js";
import {
  ACCOUNTS_CHECK_PATH,
  accountsCheck,
  BACKEND_MODELS_PATH,
  BACKEND_RESPONSES_PATH,
  type DemoBackend,
  isBackendPath,
  isRefusal,
  planUsageHeaders,
} from "../backend/index.js";
import { bearerOf } from "../model/index.js";
import type { DemoEngine, IncomingRequest } from "./engine.js";
import type { DemoHooks } from "./hooks.js";
import { headersOf, pathOf, RESPONSES_PATH, sendSteps } from "./send.js";

const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** `GET /v1/models`: the bundled catalog in the Codex CLI's format. */
const MODELS_PATH = "/v1/models";
/** The catalog never changes while the server runs. */
const CATALOG_ETAG = '"demo-catalog-1"';

/**
 * `POST /v1/responses`: JSON body in, SSE out (or a JSON error body). The same under
 * `/backend-api/codex/`, behind the Codex backend's rules (backend.ts).
 */
export async function handleHttp(
  req: IncomingMessage,
  res: ServerResponse,
  engine: DemoEngine,
  hooks: DemoHooks,
  connectionId: string,
  lifetime: AbortSignal,
  backend: DemoBackend,
): Promise<void> {
  const path = pathOf(req);
  let caller: BackendCaller | undefined;
  if (isBackendPath(path)) {
    const who = backend.caller(req);
    if (isRefusal(who)) return sendJson(res, who.status, { detail: who.detail });
    caller = who;
  }
  if (caller && path === ACCOUNTS_CHECK_PATH) {
    engine.accountChecks.push(headersOf(req));
    return sendJson(res, 200, accountsCheck(caller, originOf(req)));
  }
  if ((path === MODELS_PATH || path === BACKEND_MODELS_PATH) && req.method === "GET") {
    engine.recordCatalogRequest(connectionId, headersOf(req));
    if (req.headers["if-none-match"] === CATALOG_ETAG) {
      res.writeHead(304, { ETag: CATALOG_ETAG });
      res.end();
      return;
    }
    sendJson(res, 200, toCodexCatalog(new ModelCatalog().models()), { ETag: CATALOG_ETAG });
    return;
  }
  if ((path !== RESPONSES_PATH && path !== BACKEND_RESPONSES_PATH) || req.method !== "POST") {
    sendJson(res, 404, {
      error: { type: "invalid_request_error", code: "not_found", message: "not found" },
    });
    return;
  }
  const wire = await readBody(req);
  let body: unknown;
  try {
    // the backend takes zstd bodies (the Codex CLI sends them there)
    const raw =
      caller && req.headers["content-encoding"] === "zstd" ? await zstdDecompress(wire) : wire;
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    sendJson(res, 400, {
      error: {
        type: "invalid_request_error",
        code: "invalid_json",
        message: "request body is not JSON",
      },
    });
    return;
  }
  const incoming: IncomingRequest = {
    transport: "http",
    connectionId,
    headers: headersOf(req),
    bytes: wire.length,
    body,
  };
  const bearer = bearerOf(req.headers.authorization);
  if (bearer) incoming.bearer = bearer;
  const extra: Record<string, string> = {};
  if (caller) {
    const refused = backend.bodyRefusal(body);
    if (refused) return sendJson(res, refused.status, { detail: refused.detail });
    const limit = backend.limitFor(caller, body);
    const usageHeaders = planUsageHeaders(backend.planUsage(caller));
    if (limit) return sendJson(res, 429, { error: limit }, usageHeaders);
    extra[TURN_STATE_HEADER] = backend.turnState(req);
  }
  const result = engine.handle(incoming);
  if (result.kind === "error") {
    sendJson(res, result.failure.status, { error: result.failure.error }, extra);
    return;
  }
  if (caller) {
    backend.charge(caller, result);
    Object.assign(extra, planUsageHeaders(backend.planUsage(caller)));
  }
  if (!result.stream) {
    const last = result.steps.at(-1)?.event;
    result.commit();
    sendJson(res, 200, last?.response ?? {}, extra);
    return;
  }
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
    ...extra,
  });
  let gone = false;
  res.on("close", () => {
    gone = true;
  });
  const sent = await sendSteps(
    result,
    { stallAfter: hooks.takeStallAfter(), inject: hooks.takeInjection() },
    lifetime,
    () => gone,
    (text, type) => {
      res.write(formatSseEvent(text, type));
    },
  );
  if (sent === "complete") result.commit();
  if (sent === "complete" || sent === "injected-end") res.end();
}

/** The origin the request addressed: its scheme (TLS or not) and its Host. */
function originOf(req: IncomingMessage): string {
  const scheme = "encrypted" in req.socket ? "https" : "http";
  return `${scheme}://${req.headers.host}`;
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
