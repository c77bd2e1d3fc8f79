import type { Key } from "ink";
import { printable } from "../text/terminal-text.js";
import { sessionDecision } from "../tools/approval/policy.js";
import { canSaveAllowRule } from "../tools/approval/rules.js";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import type { DiffScroll } from "./approval-diff.js";

export interface ApprovalChoice {
  key: string;
  decision: ApprovalDecision;
  label: string;
  /** Choosing it opens a text field; its text goes to the model with the denial. */
  asksFeedback?: boolean;
}

/** The answers a request offers; "don't ask again" says exactly what it approves. */
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

const SCROLL_KEYS: ReadonlyArray<[keyof Key, DiffScroll]> = [
  ["pageUp", "page_up"],
  ["pageDown", "page_down"],
  ["home", "first"],
  ["end", "last"],
];

export type ApprovalKeyResult =
  | { choice: ApprovalChoice }
  | { index: number }
  | { scroll: DiffScroll }
  | "interrupt"
  | undefined;

/** A key on the approval prompt: a choice's letter, arrows + Enter; PgUp/PgDn/Home/End scroll the diff; Esc (or Ctrl+C) stops the turn. */
export function approvalKey(
  input: string,
  key: Key,
  index: number,
  request: ApprovalRequest,
): ApprovalKeyResult {
  if (key.escape || (key.ctrl && input === "c")) return "interrupt";
  const scroll = SCROLL_KEYS.find(([name]) => key[name]);
  if (scroll) return { scroll: scroll[1] };
  const choices = approvalChoices(request);
  const typed = choices.find((choice) => choice.key === input.toLowerCase());
  if (typed) return { choice: typed };
  if (key.upArrow) return { index: (index + choices.length - 1) % choices.length };
  if (key.downArrow) return { index: (index + 1) % choices.length };
  const highlighted = choices[index];
  if (key.return && highlighted) return { choice: highlighted };
  return undefined;
}

/**
 * While a message is half typed, keys keep going to it (Enter queues it): a word that starts
 * with "a" must not approve a command for the whole session. Esc and Ctrl+C still answer.
 */
export function approvalKeyGoesToComposer(input: string, key: Key, composerEmpty: boolean) {
  if (composerEmpty) return false;
  return !(key.escape || (key.ctrl && input === "c"));
}
