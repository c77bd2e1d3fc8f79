/**
 * Reasoning effort levels, as plain data: the command line lists them without loading zod
 * (`--version` and `--help` start faster; bench/startup).
 *
 * `REASONING_EFFORTS` are the values the Responses API takes (`openai` 7.59 `ReasoningEffort`).
 * `EFFORT_CHOICES` adds `ultra`, a Codex CLI preset that is never sent: the model catalog maps
 * it to a wire value per model (`src/models`).
 */
export const REASONING_EFFORTS = [
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max",
] as const;

/** An effort a person may choose: every API value plus the `ultra` preset. */
export const EFFORT_CHOICES = [...REASONING_EFFORTS, "ultra"] as const;

export type EffortChoice = (typeof EFFORT_CHOICES)[number];
