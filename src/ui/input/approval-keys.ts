import type { Key } from "ink";
import { approvalKey } from "../approval-choices.js";
import { scrollDiff } from "../approval-diff.js";
import { diffGeometry } from "../approval-prompt.js";
import type { PendingApproval, TuiController } from "../controller/index.js";
import { backspace, insertText } from "../model/index.js";

/** The terminal the prompt's diff is laid out in. */
export type Terminal = { rows?: number; columns?: number };

/** Typed or pasted text for the field; control keys and bracketed-paste markers are not text. */
function fieldText(input: string): string {
  return input.replace(/\u001b?\[20[01]~/g, "").replace(/[\u0000-\u001f\u007f]/g, " ");
}

/** A key on the feedback field of "No, and tell the model what to do differently". */
function feedbackKey(
  c: TuiController,
  pending: PendingApproval,
  text: string,
  input: string,
  key: Key,
) {
  const prompt = c.store.getState().prompt;
  if (key.ctrl && input === "c") return c.interrupt();
  if (key.escape) return c.set({ prompt: { ...prompt, feedback: undefined } });
  const send = (said: string) =>
    c.approvals.decide(pending, { kind: "deny", ...(said ? { feedback: said } : {}) });
  if (key.return) return send(text.trim());
  // Text and Enter typed faster than a render arrive as one chunk ("try ls\r"), as in the composer.
  if (input.length > 1 && /^[^\r\n]*\r$/.test(input) && !key.ctrl && !key.meta) {
    return send(`${text}${fieldText(input.slice(0, -1))}`.trim());
  }
  const buffer = { text, cursor: text.length };
  if (key.backspace || key.delete) {
    return c.set({ prompt: { ...prompt, feedback: backspace(buffer).text } });
  }
  const typed = fieldText(input);
  if (typed && !key.ctrl && !key.meta) {
    c.set({ prompt: { ...prompt, feedback: insertText(buffer, typed).text } });
  }
}

/**
 * Keys on the approval prompt: the highlighted choice, the diff's scroll offset and the text
 * field of "No, and tell the model what to do differently" (its text goes with the denial).
 */
export function approvalKeys(
  c: TuiController,
  pending: PendingApproval,
  input: string,
  key: Key,
  terminal: Terminal,
) {
  const prompt = c.store.getState().prompt;
  if (prompt.feedback !== undefined) return feedbackKey(c, pending, prompt.feedback, input, key);
  const result = approvalKey(input, key, prompt.choice, pending.request);
  // Esc / Ctrl+C on a prompt deny it and stop the turn.
  if (result === "interrupt") return c.interrupt();
  if (result === undefined) return;
  if ("index" in result) return c.set({ prompt: { ...prompt, choice: result.index } });
  if ("scroll" in result) {
    const { lines, rows, columns } = diffGeometry(pending.request, terminal);
    const diffOffset = scrollDiff(lines, prompt.diffOffset, result.scroll, rows, columns);
    return c.set({ prompt: { ...prompt, diffOffset } });
  }
  if (result.choice.asksFeedback) return c.set({ prompt: { ...prompt, feedback: "" } });
  c.approvals.decide(pending, result.choice.decision);
}
