// The efforts a person may pick for a model, and the one it starts on after a switch: one rule
// for every front end (the TUI's /model and /effort, the ACP agent's config options).
import { type EffortChoice, REASONING_EFFORTS } from "../protocol/index.js";
import type { ModelInfo } from "./model-info.js";

/**
 * The efforts a person may pick for the model: the catalog's; for a model no source knows
 * and that does not look like a reasoning model, every effort the API takes (the server judges).
 */
export function pickableEfforts(info: ModelInfo): readonly EffortChoice[] {
  return info.known || info.efforts.length > 0 ? info.efforts : REASONING_EFFORTS;
}

/**
 * The effort a model starts on after a switch: the current one if it takes it, else its
 * default; a model no source knows keeps the current one (the server judges).
 */
export function effortOnSwitch(
  info: ModelInfo,
  effort: EffortChoice | undefined,
): EffortChoice | undefined {
  if (!info.known) return effort ?? info.defaultEffort;
  if (info.efforts.length === 0) return undefined;
  if (effort && info.efforts.includes(effort)) return effort;
  return info.defaultEffort ?? info.efforts[Math.floor(info.efforts.length / 2)];
}
