import { createServer, type IncomingMessage, type RequestListener, STATUS_CODES } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer } from "ws";
import { TURN_STATE_HEADER } from "../../protocol/index.js";
import type { BackendCaller } from "../backend/index.js";
import {
  BACKEND_RESPONSES_PATH,
  DemoBackend,
  DemoIssuer,
  handleIssuer,
  isIssuerPath,
  isRefusal,
  planUsageHeaders,
} from "../backend/index.js";
import { DemoEngine } from "./engine.js";
import { DemoHooks } from "./hooks.js";
import { handleHttp } from "./http-handler.js";
import { pathOf, RESPONSES_PATH } from "./send.js";
import type { DemoServer, DemoServerOptions } from "./types.js";
import { serveWebSocket } from "./ws-handler.js";

/**
 * Start the embedded demo Responses server (docs/protocol.md, "The demo server"): HTTP SSE and WebSocket on the same
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
  const hooks = new DemoHooks({
    forgetResponses: () => {
      engine.store.forgetAll();
      engine.prompts.clear();
    },
    forgetPromptCache: () => engine.cache.clear(),
  });
  engine = new DemoEngine(hooks, options.requestCheck, options.onRequest);
  if (options.streamIds) hooks.streamIds = options.streamIds;
  if (options.steering === false) hooks.rejectSteering();
  // permessage-deflate when the client offers it (the Codex CLI and mini-codex do), unless turned off
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: options.wsCompression !== false,
  });
  const issuer = new DemoIssuer(options.issuer);
  // the backend takes the tokens its issuer signed (their expiry is the backend's own check)
  const backend = new DemoBackend(options.verifyToken ?? ((jwt) => issuer.signer.check(jwt, 0).ok));
  // the backend's upgrade response carries the turn state and the plan usage
  const upgradeHeaders = new WeakMap<IncomingMessage, Record<string, string>>();
  wss.on("headers", (headers, req) => {
    for (const [name, value] of Object.entries(upgradeHeaders.get(req) ?? {})) {
      headers.push(`${name}: ${value}`);
    }
  });

  const answer: RequestListener = (req, res) => {
    const handled = isIssuerPath(pathOf(req))
      ? handleIssuer(req, res, issuer)
      : handleHttp(req, res, engine, hooks, connectionOf(req.socket), lifetime.signal, backend);
    handled.catch(() => {
      res.destroy();
    });
  };
  // HTTPS when given a certificate (the Codex CLI routes the backend to HTTPS origins only)
  const server = options.tls ? createTlsServer(options.tls, answer) : createServer(answer);
  const scheme = options.tls ? "https" : "http";
  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on("error", () => {});
    const path = pathOf(req);
    const known = path === RESPONSES_PATH || path === BACKEND_RESPONSES_PATH;
    let refusal = hooks.upgradeRefusal ?? (known ? undefined : 404);
    let caller: BackendCaller | undefined;
    if (refusal === undefined && path === BACKEND_RESPONSES_PATH) {
      const who = backend.caller(req);
      if (isRefusal(who)) refusal = who.status;
      else caller = who;
    }
    if (refusal !== undefined) {
      const reason = STATUS_CODES[refusal] ?? "Refused";
      socket.end(`HTTP/1.1 ${refusal} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    if (caller) {
      upgradeHeaders.set(req, {
        [TURN_STATE_HEADER]: backend.turnState(req),
        ...planUsageHeaders(backend.planUsage(caller)),
      });
    }
    const site = caller ? { backend, caller } : undefined;
    wss.handleUpgrade(req, socket, head, (ws) => {
      serveWebSocket(ws, req, engine, hooks, connectionOf(socket), lifetime.signal, site);
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
  const origin = `${scheme}://${host}:${port}`;
  issuer.listening(origin);
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${origin}/v1`,
    port,
    issuer,
    requests: engine.requests,
    catalogRequests: engine.catalogRequests,
    accountChecks: engine.accountChecks,
    steers: engine.steers,
    successors: engine.successors,
    hooks,
    backend,
    backendUrl: `${origin}/backend-api/`,
    closeSockets() {
      for (const client of wss.clients) client.close(1001, "idle");
    },
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
