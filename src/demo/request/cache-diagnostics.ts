import type { ResponseItem } from "../../protocol/index.js";
import { canonicalJson, type JsonObject } from "../../protocol/index.js";
import { cacheableTokens, estimateTokens, type PromptStream } from "./cache.js";
import type { DemoRequest } from "./request.js";

/**
 * `prompt_cache_diagnostics` on the demo server: the request's prompt compared with the
 * prompt of `comparison_response_id`, the first difference named in the order the 7.59 types
 * list the reasons. A miss with no difference at all (the compared prefix expired) has no
 * reason in the types: the demo answers `unavailable` then, never a made-up reason.
 */

/** What the diagnosis compares of one response's request. */
interface PromptRecord {
  model: string;
  key: string;
  tools: string;
  format: string;
  verbosity: string;
  effort: string;
  serviceTier: string;
  stream: PromptStream;
  /** Item types of the context, aligned with the end of `stream.parts`. */
  types: string[];
}

export function promptRecord(
  request: DemoRequest,
  stream: PromptStream,
  context: readonly ResponseItem[],
): PromptRecord {
  const settings = request.settings as { text?: { format?: unknown; verbosity?: unknown } };
  return {
    model: request.model,
    key: request.promptCacheKey ?? "",
    tools: canonicalJson(request.tools),
    format: canonicalJson(settings.text?.format ?? null),
    verbosity: String(settings.text?.verbosity ?? ""),
    effort: String(request.reasoning?.effort ?? ""),
    serviceTier: String(request.settings.service_tier ?? ""),
    stream,
    types: context.map((item) => item.type),
  };
}

/** The responses' prompts, server-wide (a diagnosis may name any response), the latest kept. */
export class PromptRecords {
  private readonly byId = new Map<string, PromptRecord>();

  constructor(private readonly kept = 2_000) {}

  put(responseId: string, record: PromptRecord): void {
    this.byId.set(responseId, record);
    if (this.byId.size > this.kept) this.byId.delete(this.byId.keys().next().value as string);
  }

  get(responseId: string): PromptRecord | undefined {
    return this.byId.get(responseId);
  }

  clear(): void {
    this.byId.clear();
  }
}

type FieldCheck = [reason: string, differs: (a: PromptRecord, b: PromptRecord) => boolean];

const BEFORE_INPUT: FieldCheck[] = [
  ["model_changed", (a, b) => a.model !== b.model],
  ["prompt_cache_key_changed", (a, b) => a.key !== b.key],
  ["tools_changed", (a, b) => a.tools !== b.tools],
  ["text_format_changed", (a, b) => a.format !== b.format],
  ["reasoning_effort_changed", (a, b) => a.effort !== b.effort],
  ["verbosity_changed", (a, b) => a.verbosity !== b.verbosity],
];

/** Bytes at the start of both prompts that are equal, piece by piece. */
function sharedPieces(a: PromptStream, b: PromptStream): { bytes: number; index: number } {
  const n = Math.min(a.parts.length, b.parts.length);
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    if (a.parts[i] !== b.parts[i]) return { bytes, index: i };
    bytes += a.sizes[i] as number;
  }
  return { bytes, index: n };
}

/** Why the item at the first difference broke the prefix: a compaction, lite tools, or input. */
function inputReason(current: PromptRecord, index: number): string {
  const type = current.types[index - (current.stream.parts.length - current.types.length)];
  if (type === "compaction") return "context_compacted";
  if (type === "additional_tools") return "tools_changed";
  return "input_changed";
}

/** The diagnosis object of a response (the 7.59 union), given what the request got cached. */
export function diagnose(
  current: PromptRecord,
  comparison: PromptRecord | undefined,
  cachedTokens: number,
): JsonObject {
  if (!comparison) return { type: "comparison_response_not_found" };
  const inputTokens = estimateTokens(current.stream);
  const shared = sharedPieces(comparison.stream, current.stream);
  const miss = (reason: string, reusableBytes: number): JsonObject => ({
    type: "cache_miss",
    reason,
    cache_missed_tokens: Math.max(0, inputTokens - Math.floor(reusableBytes / 4)),
    comparison_reusable_tokens: Math.floor(reusableBytes / 4),
  });
  const sameCache = current.model === comparison.model && current.key === comparison.key;
  for (const [reason, differs] of BEFORE_INPUT) {
    if (differs(comparison, current)) return miss(reason, sameCache ? shared.bytes : 0);
  }
  if (shared.index < comparison.stream.parts.length) {
    return miss(inputReason(current, shared.index), shared.bytes);
  }
  if (comparison.serviceTier !== current.serviceTier) return miss("service_tier_changed", 0);
  const expected = cacheableTokens(Math.floor(comparison.stream.bytes / 4));
  return cachedTokens > 0 || expected === 0 ? { type: "cache_hit" } : { type: "unavailable" };
}
