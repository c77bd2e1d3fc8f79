import type { IncomingMessage } from "node:http";
import type { EngineResult } from "./engine-result.js";
import type { DemoInjection } from "./hooks.js";
import type { StreamStep } from "./stream.js";
import type { RecordedHeaders } from "./types.js";

export const RESPONSES_PATH = "/v1/responses";

interface SendHooks {
  stallAfter?: number;
  dropAfter?: number;
  inject?: DemoInjection;
  /**
   * Asked before each step: closing steps end the response there (steering); undefined goes on.
   */
  cut?: (sent: number) => StreamStep[] | undefined;
}

/**
 * Send a response's events in order as JSON texts, honouring delays and the stall / drop /
 * inject hooks. "injected-end" means an injected frame ended the response.
 */
export async function sendSteps(
  result: Extract<EngineResult, { kind: "stream" }>,
  hooks: SendHooks,
  lifetime: AbortSignal,
  gone: () => boolean,
  send: (text: string, type: string) => void,
): Promise<"complete" | "dropped" | "stalled" | "gone" | "injected-end" | "steered"> {
  const { stallAfter, dropAfter, inject, cut } = hooks;
  const injectAt = inject?.after ?? Math.max(0, result.steps.length - 1);
  let count = 0;
  for (const step of result.steps) {
    if (dropAfter !== undefined && count >= dropAfter) return "dropped";
    if (stallAfter !== undefined && count >= stallAfter) return "stalled";
    if (inject && count === injectAt) {
      send(injectedText(inject.frame), injectedType(inject.frame));
      if (inject.end) return "injected-end";
    }
    if (step.delayMs) await delay(step.delayMs, lifetime);
    if (gone() || lifetime.aborted) return "gone";
    const closing = cut?.(count);
    if (closing) {
      for (const end of closing) send(JSON.stringify(end.event), end.event.type);
      return "steered";
    }
    send(JSON.stringify(step.event), step.event.type);
    count++;
  }
  return "complete";
}

function injectedText(frame: string | object): string {
  return typeof frame === "string" ? frame : JSON.stringify(frame);
}

function injectedType(frame: string | object): string {
  const type = typeof frame === "object" ? (frame as { type?: unknown }).type : undefined;
  return typeof type === "string" ? type : "message";
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
  const beta = one("openai-beta");
  const clientRequestId = one("x-client-request-id");
  if (originator !== undefined) headers.originator = originator;
  if (userAgent !== undefined) headers.userAgent = userAgent;
  if (sessionId !== undefined) headers.sessionId = sessionId;
  if (beta !== undefined) headers.openaiBeta = beta;
  if (clientRequestId !== undefined) headers.clientRequestId = clientRequestId;
  const backend = {
    threadId: one("thread-id"),
    chatgptAccountId: one("chatgpt-account-id"),
    version: one("version"),
    turnState: one("x-codex-turn-state"),
    contentEncoding: one("content-encoding"),
  };
  for (const [name, value] of Object.entries(backend)) {
    if (value !== undefined) headers[name as keyof typeof backend] = value;
  }
  return headers;
}

export function pathOf(req: IncomingMessage): string {
  return (req.url ?? "/").split("?")[0] ?? "/";
}
