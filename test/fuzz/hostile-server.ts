import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { formatSseEvent } from "../../src/protocol/sse.js";

/** What the hostile server does with each request: send events through `send`, maybe forever. */
export type HostileScript = (send: (event: object) => void, request: number) => Stoppable;
/** Stops what a script left running (a trickle) when the client goes away. */
export type Stoppable = (() => void) | undefined;

/**
 * A Responses server on loopback that speaks the real wire (WebSocket `response.create` frames
 * and HTTP SSE on `POST /responses`) but answers with whatever its script says: keep-alives for
 * ever, another response's id, tool calls with duplicate or missing call ids.
 */
export interface HostileServer {
  baseUrl: string;
  requests: number;
  /** When each HTTP request arrived (ms since the epoch), in order. */
  arrivals: number[];
  /** Each request's `previous_response_id` (undefined: none), in order. */
  previousIds: Array<string | undefined>;
  close(): Promise<void>;
}

/** An HTTP answer instead of a stream for request `n` (e.g. a 503 with `Retry-After`). */
export type HostileRefusal = (
  n: number,
) => { status: number; headers?: Record<string, string> } | undefined;

export async function startHostileServer(
  script: HostileScript,
  refuse: HostileRefusal = () => undefined,
): Promise<HostileServer> {
  const stops = new Set<() => void>();
  const state = { requests: 0 };
  const previousIds: Array<string | undefined> = [];
  const arrivals: number[] = [];
  const note = (body: string) => {
    try {
      previousIds.push(
        (JSON.parse(body) as { previous_response_id?: string }).previous_response_id,
      );
    } catch {
      previousIds.push(undefined);
    }
  };
  const run = (send: (event: object) => void, onEnd: (stop: () => void) => void) => {
    state.requests += 1;
    const stop = script(send, state.requests);
    if (stop) {
      stops.add(stop);
      onEnd(() => {
        stop();
        stops.delete(stop);
      });
    }
  };
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      note(body);
      arrivals.push(Date.now());
      const refusal = refuse(arrivals.length);
      if (refusal) {
        res.writeHead(refusal.status, { "content-type": "application/json", ...refusal.headers });
        res.end(JSON.stringify({ error: { code: "server_error", message: "overloaded" } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      run(
        (event) =>
          res.write(formatSseEvent(JSON.stringify(event), (event as { type: string }).type)),
        (stop) => res.on("close", stop),
      );
    });
  });
  const wss = new WebSocketServer({ server: http });
  wss.on("connection", (socket: WebSocket) => {
    socket.on("message", (data) => {
      note(String(data));
      run(
        (event) => socket.send(JSON.stringify(event)),
        (stop) => socket.on("close", stop),
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    previousIds,
    arrivals,
    async close() {
      for (const stop of stops) stop();
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** `response.created`, then a keep-alive every `everyMs`, never a terminal event. */
export function trickle(everyMs: number): HostileScript {
  return (send, n) => {
    const response = { id: `resp_trickle_${n}`, status: "in_progress" };
    send({ type: "response.created", response });
    const timer = setInterval(() => send({ type: "response.in_progress", response }), everyMs);
    return () => clearInterval(timer);
  };
}

/** A complete response whose events carry `items`, completed under `completedId`. */
export function respond(items: object[], completedId?: (n: number) => string): HostileScript {
  return (send, n) => {
    const id = `resp_${n}`;
    send({ type: "response.created", response: { id, status: "in_progress" } });
    for (const [index, item] of items.entries()) {
      send({ type: "response.output_item.done", output_index: index, item });
    }
    const usage = { input_tokens: 10, output_tokens: 2, total_tokens: 12 };
    const response = { id: completedId?.(n) ?? id, status: "completed", output: [], usage };
    send({ type: "response.completed", response });
    return undefined;
  };
}

export const message = (text: string) => ({
  type: "message",
  role: "assistant",
  id: `msg_${text.length}`,
  content: [{ type: "output_text", text, annotations: [] }],
});
