/**
 * How the user message that opens each turn of a goal is marked (docs/config.md, "Goals"): the
 * session writes it, the TUI shows it as a goal line instead of a message the person typed, and
 * the demo model reads the objective out of it. Client and demo server share these.
 */
export const GOAL_CONTEXT_OPEN = "<goal_context>";
export const GOAL_CONTEXT_CLOSE = "</goal_context>";
const OBJECTIVE_OPEN = "<objective>";
const OBJECTIVE_CLOSE = "</objective>";

/** The name of the tool the model reports a goal met or blocked with (the Codex CLI's). */
export const UPDATE_GOAL_TOOL = "update_goal";

/** The objective between its tags, as a goal message holds it. */
export function objectiveBlock(objective: string): string {
  return `${OBJECTIVE_OPEN}\n${objective}\n${OBJECTIVE_CLOSE}`;
}

/** Whether a user message's text is a goal's turn message (not typed by the person). */
function isGoalMessage(text: string): boolean {
  return text.trimStart().startsWith(GOAL_CONTEXT_OPEN);
}

/** How lists name a goal's turn message (`goal: OBJECTIVE`); undefined: not one. */
export function goalTitleOf(text: string): string | undefined {
  const objective = goalObjectiveOf(text);
  return objective === undefined ? undefined : `goal: ${objective}`;
}

/** The objective a goal message names, or undefined when `text` is not one. */
export function goalObjectiveOf(text: string): string | undefined {
  if (!isGoalMessage(text)) return undefined;
  const start = text.indexOf(OBJECTIVE_OPEN);
  const end = text.lastIndexOf(OBJECTIVE_CLOSE);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + OBJECTIVE_OPEN.length, end).trim();
}
