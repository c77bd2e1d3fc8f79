import type { ReasoningEffort } from "../../protocol/request.js";

/** A model the /model picker offers, with the efforts it takes (none: not a reasoning model). */
export interface ModelChoice {
  model: string;
  description: string;
  efforts?: readonly ReasoningEffort[];
}

/** The models a Codex CLI user picks from (the Codex CLI's presets and the older defaults). */
export const MODEL_CHOICES: readonly ModelChoice[] = [
  {
    model: "gpt-5-codex",
    description: "tuned for coding agents",
    efforts: ["low", "medium", "high"],
  },
  {
    model: "gpt-5",
    description: "general reasoning",
    efforts: ["minimal", "low", "medium", "high"],
  },
  {
    model: "gpt-5-mini",
    description: "faster, cheaper",
    efforts: ["minimal", "low", "medium", "high"],
  },
  { model: "o4-mini", description: "small reasoning model", efforts: ["low", "medium", "high"] },
  { model: "gpt-4.1", description: "no reasoning, long context" },
];
