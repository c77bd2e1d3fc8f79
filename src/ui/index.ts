/**
 * The Ink TUI: app.tsx draws, controller/ holds the facts and intents, input/ turns keys into
 * intents, transcript/ draws the conversation, commands/ are the slash commands, model/ is the
 * data they share, labels/ the words and figures shown. It reads session events and never
 * reaches past src/launch and the session's contract.
 */
export type { FolderTrustAccess, SessionSource, TuiLaunchOptions } from "./contract.js";
export { yieldToKeys } from "./controller/index.js";
export type { NotificationEvent } from "./notifications.js";
export type { QuestionOptions } from "./question-screen.js";
export { holdStartupKeys } from "./startup-keys.js";
