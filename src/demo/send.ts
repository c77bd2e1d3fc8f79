import type { IncomingMessage } from "node:http";
import type { EngineResult } from "./engine.js";
import type { StreamStep } from "./stream.js";
import type { RecordedHeaders } from "./types.js";

export const RESPONSES_PATH = "/v1/responses";

/** Send a response's events in order, honouring delays and the stall / drop hooks. */
export async function sendSteps(
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

export function headersOf(req: IncomingMessage): RecordedHeaders {
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

export function pathOf(req: IncomingMessage): string {
  return (req.url ?? "/").split("?")[0] ?? "/";
}
