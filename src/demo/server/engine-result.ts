import { randomBytes } from "node:crypto";
import type { ResponseItem } from "../../protocol/index.js";
import type { StreamStep } from "./stream.js";
import type { DemoApiError } from "./types.js";

export type EngineResult =
  | { kind: "error"; failure: DemoApiError }
  | {
      kind: "stream";
      responseId: string;
      /** The `stream_id` every event echoes (a named lane only). */
      streamId?: string;
      /** False (HTTP `stream` not true): answer the final response object as one JSON body. */
      stream: boolean;
      steps: StreamStep[];
      /** The request's model (steering support is the model's). */
      model: string;
      /** The response's output items when it runs to its end. */
      outputItems: ResponseItem[];
      /**
       * Call after the terminal event went out: the response becomes chainable. `outputs`:
       * what a steered response produced before it stopped (it is chainable too).
       */
      commit(outputs?: ResponseItem[]): void;
    };

export function apiError(
  status: number,
  code: string | null,
  message: string,
  param?: string,
): EngineResult {
  const type =
    status >= 500
      ? "server_error"
      : status === 401
        ? "authentication_error"
        : "invalid_request_error";
  const error: DemoApiError["error"] = { type, code, message };
  if (param !== undefined) error.param = param;
  return { kind: "error", failure: { status, error } };
}

/** A named lane's result: every event and the error frame carry its `stream_id`. */
export function withEcho(result: EngineResult, streamId: string | undefined): EngineResult {
  if (streamId === undefined) return result;
  if (result.kind === "error") return { ...result, failure: { ...result.failure, streamId } };
  const steps = result.steps.map((step) => ({
    ...step,
    event: { ...step.event, stream_id: streamId },
  }));
  return { ...result, streamId, steps };
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}
