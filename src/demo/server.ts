import { createServer, type IncomingMessage, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer } from "ws";
import { DemoEngine } from "./engine.js";
import { DemoHooks } from "./hooks.js";
import { handleHttp } from "./http-handler.js";
import { DemoIssuer } from "./issuer.js";
import { handleIssuer, isIssuerPath } from "./issuer-http.js";
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
  const server = createServer((req, res) => {
    const handled = isIssuerPath(pathOf(req))
      ? handleIssuer(req, res, issuer)
      : handleHttp(req, res, engine, hooks, connectionOf(req.socket), lifetime.signal);
    handled.catch(() => {
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
  issuer.listening(`http://${host}:${port}`);
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${host}:${port}/v1`,
    port,
    issuer,
    requests: engine.requests,
    catalogRequests: engine.catalogRequests,
    steers: engine.steers,
    successors: engine.successors,
    hooks,
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
