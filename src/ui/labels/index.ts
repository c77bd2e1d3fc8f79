/**
 * Words and figures the TUI shows for the engine's facts: costs, request modes and cache shares,
 * the sandbox's promise, a goal's budget, a cache drop.
 */

export type { CacheDrop } from "./cache-drop.js";
export { cacheDropOf, cacheDropTexts } from "./cache-drop.js";
export { approximateUsd, costLine, describeForecast } from "./cost-labels.js";
export { goalStatusColor, goalStatusTexts } from "./goal-labels.js";
export { compactNumber, describeNext, describeReason, percent } from "./request-labels.js";
export { policyAsks, safetyWarning, sandboxEnforces } from "./safety-labels.js";
