/**
 * What a new session reads from this machine and the project before its first request: AGENTS.md
 * files, skills, prompt files, rules, hooks (with their trust), attached images, and the /init
 * and /review prompts.
 */
export { systemTimezone } from "./context-sources.js";
export type { RuntimeHooks } from "./hook-sources.js";
export { describeHooks, loadHooks, warnUntrustedHooks } from "./hook-sources.js";
export { imageAttachments } from "./image-attachments.js";
export { INIT_PROMPT } from "./init-prompt.js";
export { knowledgeHomes, namedCodexHome } from "./knowledge-homes.js";
export type { ReviewResult } from "./review-prompt.js";
export {
  customReviewPrompt,
  findingLines,
  parseReviewAnswer,
  reviewPrompt,
} from "./review-prompt.js";
export type { ReviewPlace, ReviewTarget } from "./review-target.js";
export {
  localBranches,
  parseReviewArgs,
  recentCommits,
  repositoryRoot,
  reviewDiff,
} from "./review-target.js";
export { loadRuleBook } from "./rule-folders.js";
export { readSessionKnowledge } from "./session-knowledge.js";
