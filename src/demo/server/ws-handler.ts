import type { IncomingMessage } from "node:http";
import { WebSocket } from "ws";
import type { JsonObject } from "../../protocol/index.js";
import { rateLimitsEvent } from "../../protocol/index.js";
import type { BackendCaller, DemoBackend } from "../backend/index.js";
import { planUsageHeaders } from "../backend/index.js";
import { bearerOf } from "../model/index.js";
import { ConnectionSteering } from "./connection-steering.js";
import type { DemoEngine } from "./engine.js";
import type { EngineResult } from "./engine-result.js";
import type { DemoHooks } from "./hooks.js";
import { chooseLane } from "./lanes.js";
import { headersOf, sendSteps } from "./send.js";
import type { StreamStep } from "./stream.js";

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
  site?: { backend: DemoBackend; caller: BackendCaller },
): void {
  const headers = headersOf(req);
  const bearer = bearerOf(req.headers.authorization);
  const queues = new Map<string, Promise<void>>();
  const desk = new ConnectionSteering(engine, hooks, connectionId, (event) => {
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
    // the token is checked on every frame: one that expired since the upgrade is refused
    const refused = site && (site.backend.socketRefusal(req) ?? backendRefusalFrame(site, body));
    if (refused) {
      ws.send(JSON.stringify(refused));
      return;
    }
    const bytes = Buffer.byteLength(text, "utf8");
    const handled = engine.handle({
      transport: "ws",
      connectionId,
      headers,
      bytes,
      wireBytes,
      body,
      ...(bearer ? { bearer } : {}),
    });
    const result = site ? withPlanUsage(site, handled) : handled;
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

/** The backend's refusals of a frame: `store` other than false, the plan's limit reached. */
function backendRefusalFrame(
  site: { backend: DemoBackend; caller: BackendCaller },
  body: unknown,
): object | undefined {
  const refused = site.backend.bodyRefusal(body);
  if (refused) {
    const error = { type: "invalid_request_error", code: null, message: refused.detail };
    return { type: "error", status: refused.status, error };
  }
  const limit = site.backend.limitFor(site.caller, body);
  if (!limit) return undefined;
  const headers = planUsageHeaders(site.backend.planUsage(site.caller));
  return { type: "error", status: 429, error: limit, headers };
}

/** An accepted response is charged, and tells the plan usage before its terminal event. */
function withPlanUsage(
  site: { backend: DemoBackend; caller: BackendCaller },
  result: EngineResult,
): EngineResult {
  if (result.kind !== "stream") return result;
  site.backend.charge(site.caller, result);
  const event = rateLimitsEvent(site.backend.planUsage(site.caller));
  const steps = [...result.steps];
  steps.splice(Math.max(0, steps.length - 1), 0, { event: event as StreamStep["event"] });
  return { ...result, steps };
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
