import type { DemoTransport } from "../request/index.js";
import type { StreamIdMode } from "./hooks.js";
import { DEFAULT_LANE } from "./store.js";

const STREAM_ID = /^[A-Za-z0-9_.-]{1,256}$/;

/** Where a request goes, and the `stream_id` its events and errors echo. */
export type LaneChoice =
  | { kind: "lane"; lane: string; echo?: string }
  | { kind: "error"; status: 400; code: string; message: string; param: string; echo?: string };

/** The lane a request names (pure): its `stream_id`, checked, or the default lane. */
export function chooseLane(
  body: unknown,
  transport: DemoTransport,
  mode: StreamIdMode,
): LaneChoice {
  const streamId = (body as { stream_id?: unknown } | null)?.stream_id;
  if (streamId === undefined || streamId === null || mode === "ignore") {
    return { kind: "lane", lane: DEFAULT_LANE };
  }
  // POST /v1/responses has no such parameter; the WebSocket-only envelope carries it.
  if (mode === "reject" || transport === "http") {
    return {
      kind: "error",
      status: 400,
      code: "unknown_parameter",
      message: "Unknown parameter: 'stream_id'.",
      param: "stream_id",
    };
  }
  if (typeof streamId !== "string" || !STREAM_ID.test(streamId)) {
    return {
      kind: "error",
      status: 400,
      code: "invalid_stream_id",
      message: "Invalid 'stream_id': expected 1 to 256 characters of [A-Za-z0-9_.-].",
      param: "stream_id",
      ...(typeof streamId === "string" ? { echo: streamId } : {}),
    };
  }
  return { kind: "lane", lane: streamId, echo: streamId };
}
