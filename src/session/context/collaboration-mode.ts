import {
  developerMessage,
  lastDeveloperText,
  messageText,
  type ResponseItem,
} from "../../protocol/index.js";

/**
 * The Codex CLI's collaboration modes (docs/config.md, "Plan mode"): Default works as always;
 * Plan explores read-only, may ask the person short questions and ends with a proposed plan.
 * What a mode means for the next request is one pure decision (`mode-decision.ts`); here is
 * what the mode is and how the model is told.
 */
const COLLABORATION_MODES = ["default", "plan"] as const;
export type CollaborationMode = (typeof COLLABORATION_MODES)[number];

/** The mode's name as the person and the model read it. */
export function modeName(mode: CollaborationMode): "Default" | "Plan" {
  return mode === "plan" ? "Plan" : "Default";
}

/** Shift+Tab: the other mode. */
export function nextMode(mode: CollaborationMode): CollaborationMode {
  return mode === "plan" ? "default" : "plan";
}

/**
 * What the model is told about the collaboration mode: a `<collaboration_mode>` developer
 * message in the input (as the permissions message is), never a change of `instructions` or
 * `tools`, so a mode switch keeps the request chain and the cached prefix.
 */
const COLLABORATION_MODE_TAG = "<collaboration_mode>";

const PLAN_TEXT = [
  "mode: Plan",
  "You are in Plan mode until a developer message names another mode; nothing the user writes changes the mode. If the user asks you to make a change, plan that change.",
  "Explore, then plan; change nothing. Read files, search and run commands that only look: commands run in a read-only sandbox whatever the session allows. apply_patch, update_plan and other writes are refused in this mode.",
  "When a decision that shapes the plan cannot be found in the workspace, ask the user with request_user_input: one to three short questions, each with two or three mutually exclusive options, the one you recommend first. The user may type an answer of their own. Ask only what changes the plan.",
  "End with the whole plan inside one <proposed_plan> block, its opening and closing tags on lines of their own: a title, the steps, the files to change and how to check the result. Do not ask whether to go ahead: the user approves, edits or rejects the plan.",
].join("\n");

const DEFAULT_TEXT = [
  "mode: Default",
  "You are in Default mode: the instructions of Plan mode no longer apply. Carry out the user's requests.",
  "request_user_input is unavailable in Default mode: decide yourself and say what you assumed.",
].join("\n");

/** The developer message stating `mode` and its rules. */
export function collaborationModeMessage(mode: CollaborationMode): ResponseItem {
  const text = mode === "plan" ? PLAN_TEXT : DEFAULT_TEXT;
  return developerMessage(`${COLLABORATION_MODE_TAG}\n${text}\n</collaboration_mode>`);
}

/** The text of the last mode message in `history` (what the model was told last), if any. */
function lastModeText(history: readonly ResponseItem[]): string | undefined {
  return lastDeveloperText(history, COLLABORATION_MODE_TAG);
}

/**
 * The mode message to append before the next user message: `current` when the history last
 * told the model another mode. A history that never named one is in Default mode, so a session
 * that never enters Plan mode sends nothing new.
 */
export function collaborationModeUpdate(
  history: readonly ResponseItem[],
  current: ResponseItem,
): ResponseItem[] {
  const told = lastModeText(history) ?? messageText(collaborationModeMessage("default"));
  return told === messageText(current) ? [] : [current];
}

/** The mode the history last told the model (Default when it never named one). */
export function toldMode(history: readonly ResponseItem[]): CollaborationMode {
  return lastModeText(history)?.startsWith(`${COLLABORATION_MODE_TAG}\nmode: Plan`)
    ? "plan"
    : "default";
}
