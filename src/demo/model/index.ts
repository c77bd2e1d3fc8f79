/**
 * The demo's rule-based model: what it answers to a request (text, a command, a patch, a plan, a
 * question, a goal report, a review), from the conversation's last message and the tools
 * offered. No network: server/ streams what it decides.
 */
export { asksForCompaction, compactionOutputs, compactionRefusal } from "./compaction.js";
export { bearerOf } from "./echo-credential.js";
export type { DemoDecision } from "./model.js";
export { decideDemoResponse } from "./model.js";
export type { DemoOutput } from "./model-tools.js";
export { DEMO_GOAL_SCRIPTS, DEMO_PHRASES } from "./phrases.js";
export { createScratchWorkspace } from "./scratch.js";
export { summarizeConversation } from "./summary.js";
