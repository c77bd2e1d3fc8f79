import type { IncomingMessage } from "node:http";
import { WebSocket } from "ws";
import type { JsonObject } from "../protocol/json.js";
import type { DemoEngine } from "./engine.js";
import type { DemoHooks } from "./hooks.js";
import { chooseLane } from "./lanes.js";
import { headersOf, sendSteps } from "./send.js";
import { SteerDesk } from "./steer-desk.js";

/**
 * One WebSocket connection: `response.create` frames in, one response at a time per lane
 * (`stream_id`): requests of one lane are served in order, lanes side by side.
 */
export function serveWebSocket(
  ws: WebSocket,
  req: IncomingMessage,
  engine: DemoEngine,
  hooks: DemoHooks,
  connectionId: string,
  lifetime: AbortSignal,
): void {
  const headers = headersOf(req);
  const queues = new Map<string, Promise<void>>();
  const desk = new SteerDesk(engine, hooks, connectionId, (event) => {
    if (!closed()) ws.send(JSON.stringify(event));
  });
  // TCP bytes read up to the previous frame: each frame's wire size is the difference
  let bytesRead = req.socket.bytesRead;
  ws.on("error", () => {});
  ws.on("close", () => engine.store.dropConnection(connectionId));
  ws.on("message", (data, isBinary) => {
    const wireBytes = req.socket.bytesRead - bytesRead;
    bytesRead = req.socket.bytesRead;
    const text = isBinary ? "" : data.toString();
    const body = parseFrame(text); // once: a resumed session's frame is megabytes
    if (isSteerFrame(body)) {
      desk.steer(body); // answered at once: it targets a response that is streaming
      return;
    }
    const lane = laneKeyOf(body);
    const queue = (queues.get(lane) ?? Promise.resolve())
      .then(() => handleFrame(text, body, wireBytes))
      .catch(() => ws.terminate());
    queues.set(lane, queue);
  });
  /** The queue a frame waits in: its lane's, or the default one for anything unroutable. */
  const laneKeyOf = (body: unknown): string => {
    if (body === NOT_JSON) return "";
    try {
      const choice = chooseLane(body, "ws", hooks.streamIds);
      return choice.kind === "lane" ? choice.lane : "";
    } catch {
      return "";
    }
  };
  const closed = () => ws.readyState !== WebSocket.OPEN;

  async function handleFrame(text: string, body: unknown, wireBytes: number): Promise<void> {
    if (closed()) return;
    if (body === NOT_JSON) {
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
    const result = engine.handle({
      transport: "ws",
      connectionId,
      headers,
      bytes,
      wireBytes,
      body,
    });
    if (result.kind === "error") {
      const { status, error, omitStatus, close, streamId } = result.failure;
      const echo = streamId === undefined ? {} : { stream_id: streamId };
      ws.send(JSON.stringify({ type: "error", ...(omitStatus ? {} : { status }), error, ...echo }));
      if (close) ws.close(1000, "connection limit reached");
      return;
    }
    const first = {
      stallAfter: hooks.takeStallAfter(),
      dropAfter: hooks.takeDropAfter(),
      inject: hooks.takeInjection(),
    };
    const outcome = await desk.serve(result, body, (response, cut) =>
      sendSteps(
        response,
        response === result ? { ...first, cut } : { cut },
        lifetime,
        closed,
        (text) => {
          ws.send(text);
        },
      ),
    );
    if (outcome === "dropped") ws.terminate();
  }
}

function errorFrame(status: number, code: string, message: string, param?: string) {
  return {
    type: "error",
    status,
    error: { type: "invalid_request_error", code, message, param: param ?? null },
  };
}

const NOT_JSON = Symbol("not JSON");

function isSteerFrame(body: unknown): body is JsonObject {
  return (body as { type?: unknown } | null)?.type === "response.steer" && !Array.isArray(body);
}

function parseFrame(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
