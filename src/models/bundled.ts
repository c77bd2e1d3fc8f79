import type { EffortChoice } from "../protocol/index.js";
import { fallbackModel, type ModelInfo } from "./model-info.js";
import { BUNDLED_PRICES } from "./prices.js";

/**
 * The bundled catalog: the current OpenAI slugs as the Codex CLI 0.171 ships them (its embedded
 * `models.json` after defaults, read for `../shared/protocol-2026` §1.3 on 2026-12-01), then the
 * models mini-codex offered before. Lowest precedence: a provider's `/models` and config win.
 *
 * The three cache/steering flags are not in Codex's catalog (it uses none of these features);
 * they follow the API documentation as the brief quotes it: `prompt_cache_options` for gpt-5.6
 * and later, `response.steer` for the GPT-6 family only, server-side compaction for the current
 * models.
 */

const UP_TO_MAX: readonly EffortChoice[] = ["low", "medium", "high", "xhigh", "max"];
const UP_TO_ULTRA: readonly EffortChoice[] = [...UP_TO_MAX, "ultra"];

interface CurrentModel {
  slug: string;
  displayName: string;
  contextWindow: number;
  maxContextWindow?: number;
  defaultEffort: EffortChoice;
  efforts?: readonly EffortChoice[];
  effortUpdates?: boolean;
  ultraEffort?: "xhigh";
  steering?: boolean;
  listed?: boolean;
  verbosity?: "low" | "high";
  serviceTiers?: readonly string[];
}

/** A current (lite, code-mode) model with the defaults every row of Codex's table shares. */
function current(model: CurrentModel): ModelInfo {
  return {
    slug: model.slug,
    displayName: model.displayName,
    known: true,
    source: "bundled",
    contextWindow: model.contextWindow,
    maxContextWindow: model.maxContextWindow ?? 872_000,
    efforts: model.efforts ?? UP_TO_ULTRA,
    defaultEffort: model.defaultEffort,
    effortUpdates: model.effortUpdates ?? false,
    ...(model.ultraEffort ? { ultraEffort: model.ultraEffort } : {}),
    requestShape: "lite",
    toolMode: "code_mode_only",
    shellType: "unified_exec",
    verbosity: model.verbosity ?? "low",
    serviceTiers: model.serviceTiers ?? ["priority"],
    cacheOptions: true,
    steering: model.steering ?? false,
    remoteCompaction: true,
    listed: model.listed ?? true,
  };
}

/** A gpt-6 model that takes in-band effort updates and maps `ultra` to xhigh. */
function updating(slug: string, displayName: string, contextWindow: number): ModelInfo {
  return current({
    slug,
    displayName,
    contextWindow,
    defaultEffort: "low",
    effortUpdates: true,
    ultraEffort: "xhigh",
    steering: true,
  });
}

/** A model mini-codex offered before the 2026 catalog: classic shape, shell_command, no flags. */
function classic(
  slug: string,
  displayName: string,
  contextWindow: number,
  efforts: readonly EffortChoice[],
): ModelInfo {
  // the facts an unknown slug gets (classic, no flags), stated for a model we know
  const { defaultEffort: _guessed, ...classicFacts } = fallbackModel(slug);
  return {
    ...classicFacts,
    displayName,
    known: true,
    source: "bundled",
    contextWindow,
    efforts,
    ...(efforts.length > 0 ? { defaultEffort: "medium" as const } : {}),
    listed: true,
  };
}

const MODELS: readonly ModelInfo[] = [
  updating("gpt-6.2-sol", "GPT-6.2-Sol", 500_000),
  updating("gpt-6.2-astra", "GPT-6.2-Astra", 272_000),
  updating("gpt-6.1-terra", "GPT-6.1 Terra", 500_000),
  updating("gpt-6.1-sol", "GPT-6.1-Sol", 500_000),
  updating("gpt-6-astra", "GPT-6-Astra", 272_000),
  current({
    slug: "gpt-6-sol",
    displayName: "GPT-6-Sol",
    contextWindow: 272_000,
    defaultEffort: "medium",
    steering: true,
  }),
  current({
    slug: "gpt-6-luna",
    displayName: "GPT-6-Luna",
    contextWindow: 272_000,
    defaultEffort: "medium",
    efforts: UP_TO_MAX,
    steering: true,
  }),
  current({
    slug: "gpt-5.6-sol",
    displayName: "GPT-5.6-Sol",
    contextWindow: 272_000,
    defaultEffort: "low",
  }),
  current({
    slug: "gpt-5.6-terra",
    displayName: "GPT-5.6-Terra",
    contextWindow: 272_000,
    defaultEffort: "medium",
  }),
  current({
    slug: "gpt-5.6-luna",
    displayName: "GPT-5.6-Luna",
    contextWindow: 272_000,
    defaultEffort: "medium",
    efforts: UP_TO_MAX,
  }),
  current({
    slug: "gpt-daybreak-blue-latest",
    displayName: "Daybreak Blue",
    contextWindow: 272_000,
    defaultEffort: "low",
    listed: false,
    serviceTiers: [],
  }),
  current({
    slug: "gpt-daybreak-red-latest",
    displayName: "Daybreak Red",
    contextWindow: 372_000,
    maxContextWindow: 372_000,
    defaultEffort: "medium",
    listed: false,
    verbosity: "high",
    serviceTiers: [],
  }),
  {
    ...classic("gpt-5.5", "GPT-5.5", 272_000, ["low", "medium", "high", "xhigh"]),
    maxContextWindow: 272_000,
    shellType: "unified_exec",
    verbosity: "low",
    serviceTiers: ["priority"],
    remoteCompaction: true,
  },
  current({
    slug: "codex-auto-review",
    displayName: "Codex Auto Review",
    contextWindow: 272_000,
    defaultEffort: "medium",
    efforts: UP_TO_MAX,
    listed: false,
  }),
  classic("gpt-5-codex", "gpt-5-codex", 272_000, ["low", "medium", "high"]),
  classic("gpt-5", "gpt-5", 272_000, ["minimal", "low", "medium", "high"]),
  classic("gpt-5-mini", "gpt-5-mini", 272_000, ["minimal", "low", "medium", "high"]),
  classic("o4-mini", "o4-mini", 200_000, ["low", "medium", "high"]),
  classic("gpt-4.1", "gpt-4.1", 1_047_576, []),
];

/** The bundled models, each with its price when one is known. */
export const BUNDLED_MODELS: readonly ModelInfo[] = MODELS.map((model) => {
  const prices = BUNDLED_PRICES[model.slug];
  return prices ? { ...model, prices } : model;
});
