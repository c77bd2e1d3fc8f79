import type { ModelInfo } from "./model-info.js";

/**
 * A model in the Codex CLI's catalog format (`{"models":[…]}` entries), the inverse of
 * `parseCodexCatalog` for the fields mini-codex reads: what the demo server's `GET /models`
 * serves, so that the Codex CLI and mini-codex both learn the same catalog from it.
 */
function toCodexEntry(model: ModelInfo): Record<string, unknown> {
  return {
    slug: model.slug,
    display_name: model.displayName,
    ...(model.contextWindow !== undefined ? { context_window: model.contextWindow } : {}),
    ...(model.maxContextWindow !== undefined ? { max_context_window: model.maxContextWindow } : {}),
    ...(model.autoCompactTokenLimit !== undefined
      ? { auto_compact_token_limit: model.autoCompactTokenLimit }
      : {}),
    supported_reasoning_levels: model.efforts.map((effort) => ({ effort, description: effort })),
    default_reasoning_level: model.defaultEffort ?? null,
    supports_reasoning_effort_updates: model.effortUpdates,
    multi_agent_reasoning_effort: model.ultraEffort ?? null,
    use_responses_lite: model.requestShape === "lite",
    tool_mode: model.toolMode ?? null,
    shell_type: model.shellType,
    support_verbosity: model.verbosity !== undefined,
    ...(model.verbosity ? { default_verbosity: model.verbosity } : {}),
    service_tiers: model.serviceTiers.map((id) => ({ id })),
    visibility: model.listed ? "list" : "hide",
  };
}

/** A whole catalog document in Codex's format. */
export function toCodexCatalog(models: readonly ModelInfo[]): { models: unknown[] } {
  return { models: models.map(toCodexEntry) };
}
