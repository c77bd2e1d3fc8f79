import type { EffortChoice, REASONING_EFFORTS } from "../protocol/index.js";

/** A reasoning effort the API takes (`ultra` is mapped before it reaches the wire). */
export type WireEffort = (typeof REASONING_EFFORTS)[number];

/**
 * How requests for a model are shaped: `classic` (top-level `tools` and `instructions`, as in
 * 2025) or `lite` (Responses Lite: tools in an `additional_tools` input item, base
 * instructions as the first developer message; protocol-2026 §1.2).
 */
export type RequestShape = "classic" | "lite";

/** Where a model's facts came from, lowest precedence first. */
export type CatalogSource = "fallback" | "bundled" | "discovered" | "configured";

/** Prices in US dollars per million tokens, at the standard service tier. */
export interface ModelPrices {
  input: number;
  cachedInput: number;
  output: number;
  /**
   * A request whose input passes `aboveInputTokens` is priced whole at the multiplied rates
   * (input and cached input by `inputMultiplier`, output by `outputMultiplier`).
   */
  longContext?: { aboveInputTokens: number; inputMultiplier: number; outputMultiplier: number };
}

/** Everything mini-codex knows about one model; `src/models` is the only place that knows it. */
export interface ModelInfo {
  slug: string;
  displayName: string;
  /** Whether any source knows the slug (an unknown slug gets `fallback` facts and one warning). */
  known: boolean;
  source: CatalogSource;
  /** Tokens the model reads by default, when known. */
  contextWindow?: number;
  maxContextWindow?: number;
  /** Tokens at which the client compacts; absent: 90% of the context window. */
  autoCompactTokenLimit?: number;
  /** The efforts a person may choose for the model, in rising order (empty: it does not reason). */
  efforts: readonly EffortChoice[];
  /** The effort used when config sets none; absent: send no effort. */
  defaultEffort?: EffortChoice;
  /** Whether an effort change may ride in-band as a `configuration_update` item. */
  effortUpdates: boolean;
  /** The wire value of `ultra` (Codex's `multi_agent_reasoning_effort`; absent: `max`). */
  ultraEffort?: WireEffort;
  requestShape: RequestShape;
  /** Codex's `tool_mode` (`code_mode_only` on current models); informational for mini-codex. */
  toolMode?: string;
  /** The shell tools Codex offers the model: `shell_command`, or `exec_command`/`write_stdin`. */
  shellType: "shell_command" | "unified_exec";
  /** `text.verbosity` to send; absent: the model takes no verbosity. */
  verbosity?: "low" | "medium" | "high";
  /** Service tier ids the model offers (`priority`). */
  serviceTiers: readonly string[];
  /** Whether the model takes `prompt_cache_options` (ttl, mode, prewarm, diagnostics). */
  cacheOptions: boolean;
  /** Whether the model accepts `response.steer` on a WebSocket. */
  steering: boolean;
  /** Whether the model compacts server-side on a `compaction_trigger` item. */
  remoteCompaction: boolean;
  /** Whether the picker lists the model (`hide`: reachable by name only). */
  listed: boolean;
  prices?: ModelPrices;
}

/** The facts of a model nobody describes: today's behaviour, guessed from the family name. */
export function fallbackModel(slug: string): ModelInfo {
  const reasons = /^(gpt-[5-9]|o\d|codex-)/.test(slug);
  return {
    slug,
    displayName: slug,
    known: false,
    source: "fallback",
    ...familyContextWindow(slug),
    efforts: reasons ? ["minimal", "low", "medium", "high", "xhigh"] : [],
    ...(reasons ? { defaultEffort: "medium" as const } : {}),
    effortUpdates: false,
    requestShape: "classic",
    shellType: "shell_command",
    serviceTiers: [],
    cacheOptions: false,
    steering: false,
    remoteCompaction: false,
    listed: false,
  };
}

/** Context windows of model families whose size is public; others are unknown. */
function familyContextWindow(slug: string): { contextWindow?: number } {
  if (/^gpt-5(\b|[.-])/.test(slug)) return { contextWindow: 272_000 };
  if (/^gpt-4\.1/.test(slug)) return { contextWindow: 1_047_576 };
  if (/^(o3|o4-mini)/.test(slug)) return { contextWindow: 200_000 };
  return {};
}
