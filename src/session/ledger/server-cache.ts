import { z } from "zod";
import { lazy } from "../../protocol/index.js";
import { parseDiagnosis } from "./cache-diagnosis.js";

/**
 * The server's own word on a request's prompt cache (`prompt_cache_diagnostics` of the 7.59
 * Response, asked for with `prompt_cache_options.comparison_response_id`), and whether it
 * agrees with the client's diagnosis (docs/protocol.md, "Server cache diagnostics"). Pure.
 */

type ServerVerdict = "cache_hit" | "cache_miss" | "comparison_response_not_found" | "unavailable";

/** What the server said, as the ledger keeps it (figures and codes only). */
export interface ServerCacheAnswer {
  verdict: ServerVerdict;
  /** cache_miss only: why (an unknown future reason is kept as sent). */
  reason: string | null;
  /** cache_miss only: input tokens after the first divergence. */
  missedTokens: number | null;
}

const diagnosticsSchema = lazy(() =>
  z.discriminatedUnion("type", [
    z.looseObject({
      type: z.literal("cache_miss"),
      reason: z.string(),
      cache_missed_tokens: z.number(),
    }),
    z.looseObject({ type: z.literal("cache_hit") }),
    z.looseObject({ type: z.literal("comparison_response_not_found") }),
    z.looseObject({ type: z.literal("unavailable") }),
  ]),
);

/** The answer in a completed response object; undefined when it has none (or one we cannot read). */
export function serverCacheAnswer(response: unknown): ServerCacheAnswer | undefined {
  const raw = (response as { prompt_cache_diagnostics?: unknown } | null)?.prompt_cache_diagnostics;
  if (raw === undefined || raw === null) return undefined;
  const parsed = diagnosticsSchema().safeParse(raw);
  if (!parsed.success) return undefined;
  const answer = parsed.data;
  return answer.type === "cache_miss"
    ? { verdict: "cache_miss", reason: answer.reason, missedTokens: answer.cache_missed_tokens }
    : { verdict: answer.type, reason: null, missedTokens: null };
}

/** Whether the server compared at all: not found and unavailable are no verdict on the cache. */
function isServerVerdict(answer: ServerCacheAnswer | undefined): boolean {
  return answer?.verdict === "cache_hit" || answer?.verdict === "cache_miss";
}

/** Client field names of `prefix_changed:<fields>` and the server reasons each one means. */
const FIELD_REASONS: Readonly<Record<string, readonly string[]>> = {
  model: ["model_changed"],
  prompt_cache_key: ["prompt_cache_key_changed"],
  tools: ["tools_changed"],
  instructions: ["input_changed"],
  text: ["text_format_changed", "verbosity_changed"],
  reasoning: ["reasoning_effort_changed"],
  service_tier: ["service_tier_changed"],
};

/** An item-level change: input, a lite tool-set item, or a compaction. */
const ITEM_REASONS = ["input_changed", "tools_changed", "context_compacted"];

/**
 * Whether the client's diagnosis and the server's answer say the same thing; null when they
 * cannot be compared (the server gave no verdict, or the client had nothing to compare with).
 * A hit agrees with "nothing lost" and with a prompt under the cacheable minimum (nothing
 * diverged); a miss agrees with a changed prefix whose kind the reason names.
 */
export function cacheAgreement(
  clientDiagnosis: string | null,
  answer: ServerCacheAnswer | undefined,
): boolean | null {
  if (!answer || !isServerVerdict(answer)) return null;
  const view = parseDiagnosis(clientDiagnosis);
  if (view?.kind === "first_request") return null;
  if (answer.verdict === "cache_hit") {
    return clientDiagnosis === null || view?.kind === "below_minimum";
  }
  const reason = answer.reason ?? "";
  if (view?.kind === "prefix_changed_at") return ITEM_REASONS.includes(reason);
  if (view?.kind === "prefix_changed") {
    return view.fields.some((field) => FIELD_REASONS[field]?.includes(reason));
  }
  return false;
}
