/**
 * The TUI's facts and intents in plain TypeScript (no views): the reducer's state, what a key or
 * a session event changes, opening and switching sessions, approvals, questions and pickers.
 */
export { TuiController } from "./controller.js";
export type { CostAnswer, OpenCostQuestion } from "./cost-question.js";
export { COST_QUESTION_CHOICES } from "./cost-question.js";
export type { PagerState, PendingApproval, ResumeList } from "./tui-state.js";
export type { PendingSteer, StatusState } from "./ui-state.js";
export { yieldToKeys } from "./yield-to-keys.js";
