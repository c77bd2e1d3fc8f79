/** What shapes each request of a session and may change between requests (`update()`). */
import type { ReasoningEffort, ReasoningSummary } from "../../protocol/index.js";
import type { PromptCacheMode, PromptCacheTtl } from "./prompt-cache.js";

/** Settings that shape each request; `update()` changes them between requests. */
export interface SessionSettings {
  model: string;
  effort?: ReasoningEffort;
  reasoningSummary?: ReasoningSummary;
  serviceTier?: string;
  /** `prompt_cache_options.ttl` on models that take cache options (default 12h). */
  promptCacheTtl?: PromptCacheTtl;
  /** `prompt_cache_options.mode` on those models (default implicit; measured in bench/cache-idle). */
  promptCacheMode?: PromptCacheMode;
  /** JSON schema for --output-schema (sent as text.format json_schema). */
  outputSchema?: { name: string; schema: Record<string, unknown> };
}
