/**
 * What the model is told besides the conversation, and the conversation itself: history, the
 * environment and permissions messages, skills, AGENTS.md knowledge, the collaboration mode
 * (Plan or Default) and what it allows.
 */

export type { CollaborationMode } from "./collaboration-mode.js";
export {
  collaborationModeMessage,
  collaborationModeUpdate,
  modeName,
  nextMode,
} from "./collaboration-mode.js";
export {
  buildInitialContext,
  cwdUpdate,
  isInitialContextItem,
  leadingContext,
  settingsChangedMessage,
} from "./environment.js";
export type { ContextFile, PromptFile, SessionKnowledge, Skill } from "./files-read-at-start.js";
export { ConversationHistory, FrozenToolOutputs } from "./history.js";
export { COMPACTION_SUMMARY_PREFIX, USER_SHELL_TAG } from "./message-markers.js";
export type { ModeDecision } from "./mode-decision.js";
export { collaborationModeDecision, settledEffort } from "./mode-decision.js";
export type { PermissionsInput } from "./permissions-context.js";
export { permissionsMessage, permissionsUpdate } from "./permissions-context.js";
export { modeRefusal } from "./plan-mode-gate.js";
export { proposedPlan } from "./proposed-plan.js";
export { skillMentionItems, skillsListChars, skillsMessage } from "./skill-context.js";
