/**
 * The model catalog: what each model takes (efforts, in-band effort updates, context window,
 * request shape, service tiers) and what it costs per token.
 */
export {
  activeCatalog,
  cycleEffort,
  effortError,
  lookupModel,
  ModelCatalog,
  pickerModels,
  setActiveCatalog,
  stepEffort,
  wireEffort,
} from "./catalog.js";
export { toCodexCatalog } from "./codex-entry.js";
export type { ModelFacts } from "./codex-format.js";
export { parseCodexCatalog } from "./codex-format.js";
export { cacheSaving, formatUsd, missCost, requestCost } from "./cost.js";
export { effortOnSwitch, pickableEfforts } from "./effort-choices.js";
export type { ModelInfo, ModelPrices, RequestShape } from "./model-info.js";
