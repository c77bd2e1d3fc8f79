import type { ApprovalDecision } from "../types.js";
import type { ApprovalNeed, ApprovalPolicy } from "./policy.js";
import type { RuleVerdict } from "./rules.js";

/** What a rule decides for a command: a final answer, or whether to ask (with why, for refusals). */
export interface RuledNeed {
  decision?: ApprovalDecision;
  need?: ApprovalNeed;
  /** Why it is refused when nobody can answer. */
  why?: string;
}

/** `file:line` and the rule's justification, for the model and the person. */
function ruleSource(verdict: RuleVerdict): string {
  const { rule } = verdict;
  const note = rule.justification ? `: ${rule.justification}` : "";
  return `(${rule.file}:${rule.line})${note}`;
}

/**
 * A rule's word, whatever the policy: forbidden is refused, prompt asks (refused where nobody
 * can answer or the policy never asks), allow runs unasked in the session's sandbox.
 */
export function ruledNeed(
  verdict: RuleVerdict | undefined,
  policy: ApprovalPolicy,
): RuledNeed | undefined {
  if (!verdict) return undefined;
  const source = ruleSource(verdict);
  if (verdict.decision === "forbidden") {
    return {
      decision: { kind: "deny", feedback: `forbidden by a rule ${source}; it was not run` },
    };
  }
  if (verdict.decision === "allow") return { decision: { kind: "approve" } };
  const asks = `a rule says to ask before this command ${source}`;
  if (policy === "never") {
    return {
      decision: {
        kind: "deny",
        feedback: `refused: ${asks}, and approval_policy never asks; it was not run`,
      },
    };
  }
  return { need: "ask", why: `${asks}, and nobody can approve in this session; it was not run` };
}
