/**
 * Whether a call may run: the approval policy, the rules (`.rules` files and grants), read-only
 * command recognition, and the question for the person. The tool-call pipeline asks it.
 */

export type { ApprovalChoice } from "./answers.js";
export { approvalChoices } from "./answers.js";
export { createApprovalGate } from "./gate.js";
export type { ApprovalPolicy } from "./policy.js";

export type { ListedRule } from "./rule-book.js";
export { RuleBook } from "./rule-book.js";
export { describeRule } from "./rules.js";
