import { z } from "zod";
import type { ModelFacts } from "../../models/index.js";
import { EFFORT_CHOICES, REASONING_EFFORTS } from "../../protocol/index.js";

/**
 * `[models."<slug>"]` in config.toml (docs/config.md, "Models"): facts laid over the bundled
 * and discovered catalog for one model. Every key is optional.
 */
export const modelOverridesSchema = () =>
  z.record(
    z.string().min(1),
    z
      .object({
        display_name: z.string().min(1).optional(),
        context_window: z.number().int().positive().optional(),
        max_context_window: z.number().int().positive().optional(),
        auto_compact_token_limit: z.number().int().positive().optional(),
        efforts: z.array(z.enum(EFFORT_CHOICES)).optional(),
        default_effort: z.enum(EFFORT_CHOICES).optional(),
        effort_updates: z.boolean().optional(),
        ultra_effort: z.enum(REASONING_EFFORTS).optional(),
        request_shape: z.enum(["classic", "lite"]).optional(),
        verbosity: z.enum(["low", "medium", "high"]).optional(),
        service_tiers: z.array(z.string()).optional(),
      })
      .strict(),
  );
export type ModelOverrides = z.output<ReturnType<typeof modelOverridesSchema>>;

/** Config entries as catalog facts. */
export function configuredModels(overrides: ModelOverrides | undefined): ModelFacts[] {
  return Object.entries(overrides ?? {}).map(([slug, o]) => {
    const facts: ModelFacts = { slug };
    if (o.display_name) facts.displayName = o.display_name;
    if (o.context_window) facts.contextWindow = o.context_window;
    if (o.max_context_window) facts.maxContextWindow = o.max_context_window;
    if (o.auto_compact_token_limit) facts.autoCompactTokenLimit = o.auto_compact_token_limit;
    if (o.efforts) facts.efforts = o.efforts;
    if (o.default_effort) facts.defaultEffort = o.default_effort;
    if (o.effort_updates !== undefined) facts.effortUpdates = o.effort_updates;
    if (o.ultra_effort) facts.ultraEffort = o.ultra_effort;
    if (o.request_shape) facts.requestShape = o.request_shape;
    if (o.verbosity) facts.verbosity = o.verbosity;
    if (o.service_tiers) facts.serviceTiers = o.service_tiers;
    return facts;
  });
}
