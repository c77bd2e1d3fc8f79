/**
 * Hooks (hooks.json): what each covers and its trust digest, verified again right before every
 * run, and running a hook as the person with its verdict read back.
 */

export type { HookEvent, HookHandler } from "./hook-config.js";
export { hookMatches, parseHookConfig } from "./hook-config.js";
export { kindOf } from "./hook-file-hashes.js";
export { coveredPaths } from "./hook-files.js";
export type { AskHookTrust, HookTrustQuestion } from "./hook-gate.js";
export { HookGate } from "./hook-gate.js";
export type { HookVerdict } from "./hook-outcome.js";
export { hookVerdict } from "./hook-outcome.js";
export type { HookSetup } from "./hook-run.js";
export { runHook } from "./hook-run.js";
export type { HookJudgement, HookTrustFacts } from "./hook-trust-book.js";
export { HookTrustBook } from "./hook-trust-book.js";
