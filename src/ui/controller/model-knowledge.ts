import { REASONING_EFFORTS } from "../../protocol/efforts.js";
import type { ReasoningEffort } from "../../protocol/request.js";
import { MODEL_CHOICES } from "./model-catalog.js";

/**
 * What the TUI knows of a model: its reasoning efforts in order (none: not a reasoning model)
 * and the one it starts on. The same shape as the model catalog's (src/models/catalog.ts):
 * when it lands, this file's three exports come from there.
 */
export interface ModelInfo {
  slug: string;
  description: string;
  efforts: readonly ReasoningEffort[];
  defaultEffort?: ReasoningEffort;
}

export function lookupModel(slug: string): ModelInfo {
  const known = MODEL_CHOICES.find((choice) => choice.model === slug);
  if (known) {
    const efforts = known.efforts ?? [];
    return {
      slug,
      description: known.description,
      efforts,
      ...(efforts.includes("medium") ? { defaultEffort: "medium" as const } : {}),
    };
  }
  // A model from config nobody knows: every effort the API takes, starting on medium.
  return { slug, description: "current", efforts: REASONING_EFFORTS, defaultEffort: "medium" };
}

export function pickerModels(): ModelInfo[] {
  return MODEL_CHOICES.map((choice) => lookupModel(choice.model));
}

/** Why `effort` does not fit the model (naming the efforts it takes), or undefined. */
export function effortError(info: ModelInfo, effort: string): string | undefined {
  if (info.efforts.includes(effort as ReasoningEffort)) return undefined;
  if (info.efforts.length === 0) return `${info.slug} takes no reasoning effort.`;
  return `Unknown effort "${effort}" for ${info.slug}. Use one of: ${info.efforts.join(", ")}.`;
}
