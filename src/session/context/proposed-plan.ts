/**
 * The plan a Plan-mode answer proposes: the text of its last `<proposed_plan>` block (tags on
 * lines of their own, as the mode's instructions ask), for the front ends to offer for approval.
 */
const BLOCK = /^[ \t]*<proposed_plan>[ \t]*\r?\n([\s\S]*?)^[ \t]*<\/proposed_plan>[ \t]*$/gm;

/** The last proposed plan in `answer`, trimmed; undefined when it holds none (or an empty one). */
export function proposedPlan(answer: string | undefined): string | undefined {
  if (!answer) return undefined;
  let plan: string | undefined;
  for (const match of answer.matchAll(BLOCK)) plan = match[1]?.trim();
  return plan ? plan : undefined;
}
