import { printable } from "../../text/index.js";
import type { ApprovalDecision, ApprovalRequest } from "../types.js";
import { sessionDecision } from "./policy.js";
import { canSaveAllowRule } from "./rules.js";

/** One answer a person may give to an approval request, as every front end offers it. */
export interface ApprovalChoice {
  /** Its key in the TUI, and its id elsewhere (ACP's option id). */
  key: string;
  decision: ApprovalDecision;
  label: string;
  /** Choosing it opens a text field; its text goes to the model with the denial. */
  asksFeedback?: boolean;
}

/**
 * The answers a request offers, in the order they are shown; "don't ask again" says exactly
 * what it approves. The TUI (ui/approval-choices.ts) and the ACP agent (acp/permissions.ts)
 * offer these, so an answer does the same whoever gives it.
 */
export function approvalChoices(request: ApprovalRequest): ApprovalChoice[] {
  const session = sessionDecision(request);
  const choices: ApprovalChoice[] = [
    { key: "y", decision: { kind: "approve" }, label: "Yes, once" },
  ];
  if (session?.kind === "approve_prefix") {
    const prefix = printable(session.prefix.join(" "));
    choices.push({
      key: "a",
      decision: session,
      label: `Yes, and don't ask again for commands that start with \`${prefix}\` (this session)`,
    });
    if (canSaveAllowRule(session.prefix)) {
      choices.push({
        key: "s",
        decision: { ...session, always: true },
        label: `Yes, and always allow commands that start with \`${prefix}\` (saved to rules)`,
      });
    }
  } else if (session?.kind === "approve_files") {
    choices.push({
      key: "a",
      decision: session,
      label: "Yes, and don't ask again for these files",
    });
  }
  choices.push(
    { key: "n", decision: { kind: "deny" }, label: "No (tell the model it was denied)" },
    {
      key: "f",
      decision: { kind: "deny" },
      label: "No, and tell the model what to do differently",
      asksFeedback: true,
    },
  );
  return choices;
}
