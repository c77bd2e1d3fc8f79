import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocket, WebSocketServer } from "ws";
import { formatSseEvent } from "../protocol/sse.js";
import { DemoEngine, type EngineResult, type IncomingRequest } from "./engine.js";
import { DemoHooks } from "./hooks.js";
import type { StreamStep } from "./stream.js";
import type { DemoServer, DemoServerOptions, RecordedHeaders } from "./types.js";

const RESPONSES_PATH = "/v1/responses";
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Start the embedded demo Responses server (SPEC §8): HTTP SSE and WebSocket on the same
 * path, silent (safe inside the CLI process), closed by `close()`.
 */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? "127.0.0.1";
  const lifetime = new AbortController();
  const connectionIds = new WeakMap<Socket, string>();
  let connectionCount = 0;
  const connectionOf = (socket: Socket): string => {
    let id = connectionIds.get(socket);
    if (!id) {
      id = `conn_${++connectionCount}`;
      connectionIds.set(socket, id);
    }
    return id;
  };

  let engine: DemoEngine;
  const hooks = new DemoHooks(() => engine.store.forgetAll());
  engine = new DemoEngine(hooks);
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });

  const server = createServer((req, res) => {
    handleHttp(req, res, engine, hooks, connectionOf(req.socket), lifetime.signal).catch(() => {
      res.destroy();
    });
  });
  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on("error", () => {});
    const refusal = hooks.upgradeRefusal ?? (pathOf(req) === RESPONSES_PATH ? undefined : 404);
    if (refusal !== undefined) {
      const reason = STATUS_CODES[refusal] ?? "Refused";
      socket.end(`HTTP/1.1 ${refusal} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      serveWebSocket(ws, req, engine, hooks, connectionOf(socket), lifetime.signal);
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${host}:${port}/v1`,
    port,
    requests: engine.requests,
    hooks,
    close() {
      closing ??= new Promise<void>((resolve) => {
        lifetime.abort();
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function handleHttp(
  req: IncomingMessage,
  res: ServerResponse,
  engine: DemoEngine,
  hooks: DemoHooks,
  connectionId: string,
  lifetime: AbortSignal,
): Promise<void> {
  if (pathOf(req) !== RESPONSES_PATH || req.method !== "POST") {
    sendJson(res, 404, {
      error: { type: "invalid_request_error", code: "not_found", message: "not found" },
    });
    return;
  }
  const raw = await readBody(req);
  let body: unknown;
  try {
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
    bytes: raw.length,
    body,
  };
  const result = engine.handle(incoming);
  if (result.kind === "error") {
    sendJson(res, result.failure.status, { error: result.failure.error });
    return;
  }
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
  });
  let gone = false;
  res.on("close", () => {
    gone = true;
  });
  const sent = await sendSteps(
    result,
    hooks.takeStallAfter(),
    undefined,
    lifetime,
    () => gone,
    (event) => {
      res.write(formatSseEvent(JSON.stringify(event), event.type));
    },
  );
  if (sent === "complete") {
    result.commit();
    res.end();
  }
}

function serveWebSocket(
  ws: WebSocket,
  req: IncomingMessage,
  engine: DemoEngine,
  hooks: DemoHooks,
  connectionId: string,
  lifetime: AbortSignal,
): void {
  const headers = headersOf(req);
  let queue: Promise<void> = Promise.resolve();
  ws.on("error", () => {});
  ws.on("close", () => engine.store.dropConnection(connectionId));
  ws.on("message", (data, isBinary) => {
    const text = isBinary ? "" : data.toString();
    queue = queue.then(() => handleFrame(text)).catch(() => ws.terminate());
  });
  const closed = () => ws.readyState !== WebSocket.OPEN;

  async function handleFrame(text: string): Promise<void> {
    if (closed()) return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      ws.send(JSON.stringify(errorFrame(400, "invalid_json", "frame is not JSON")));
      return;
    }
    if ((body as { type?: unknown } | null)?.type !== "response.create") {
      ws.send(
        JSON.stringify(
          errorFrame(400, "unknown_frame_type", "expected a response.create frame", "type"),
        ),
      );
      return;
    }
    const bytes = Buffer.byteLength(text, "utf8");
    const result = engine.handle({ transport: "ws", connectionId, headers, bytes, body });
    if (result.kind === "error") {
      const { status, error } = result.failure;
      ws.send(JSON.stringify({ type: "error", status, error }));
      return;
    }
    const outcome = await sendSteps(
      result,
      hooks.takeStallAfter(),
      hooks.takeDropAfter(),
      lifetime,
      closed,
      (event) => {
        ws.send(JSON.stringify(event));
      },
    );
    if (outcome === "dropped") ws.terminate();
    if (outcome === "complete") result.commit();
  }
}

/** Send a response's events in order, honouring delays and the stall / drop hooks. */
async function sendSteps(
  result: Extract<EngineResult, { kind: "stream" }>,
  stallAfter: number | undefined,
  dropAfter: number | undefined,
  lifetime: AbortSignal,
  gone: () => boolean,
  send: (event: StreamStep["event"]) => void,
): Promise<"complete" | "dropped" | "stalled" | "gone"> {
  let count = 0;
  for (const step of result.steps) {
    if (dropAfter !== undefined && count >= dropAfter) return "dropped";
    if (stallAfter !== undefined && count >= stallAfter) return "stalled";
    if (step.delayMs) await delay(step.delayMs, lifetime);
    if (gone() || lifetime.aborted) return "gone";
    send(step.event);
    count++;
  }
  return "complete";
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

function errorFrame(status: number, code: string, message: string, param?: string) {
  return {
    type: "error",
    status,
    error: { type: "invalid_request_error", code, message, param: param ?? null },
  };
}

function headersOf(req: IncomingMessage): RecordedHeaders {
  const one = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const headers: RecordedHeaders = {
    authorizationPresent: req.headers.authorization !== undefined,
  };
  const originator = one("originator");
  const userAgent = one("user-agent");
  const sessionId = one("session_id") ?? one("session-id");
  if (originator !== undefined) headers.originator = originator;
  if (userAgent !== undefined) headers.userAgent = userAgent;
  if (sessionId !== undefined) headers.sessionId = sessionId;
  return headers;
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? "/").split("?")[0] ?? "/";
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
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
