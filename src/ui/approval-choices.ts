import type { Key } from "ink";
import type { ApprovalRequest } from "../tools/index.js";
import { type ApprovalChoice, approvalChoices } from "../tools/index.js";
import type { DiffScroll } from "./approval-diff.js";

const SCROLL_KEYS: ReadonlyArray<[keyof Key, DiffScroll]> = [
  ["pageUp", "page_up"],
  ["pageDown", "page_down"],
  ["home", "first"],
  ["end", "last"],
];

type ApprovalKeyResult =
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
