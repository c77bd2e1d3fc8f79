import type { Key } from "ink";
import { approvalKeyGoesToComposer } from "../approval-choices.js";
import { runSlashCommand } from "../commands/index.js";
import type { TuiController } from "../controller/index.js";
import { costQuestionAnswer } from "../cost-question.js";
import type { ChipImage } from "../model/index.js";
import { pickerKey } from "../picker.js";
import { resumeListKey } from "../resume-list.js";
import { pagerKey } from "../transcript/index.js";
import { approvalKeys, type Terminal } from "./approval-keys.js";
import type { ComposerModel, ComposerSignal, SubmitMode } from "./composer-model.js";

/** `!command`: the command to run locally, or undefined for a message to the model. */
function shellEscape(text: string): string | undefined {
  const match = /^!\s*(\S[\s\S]*)$/.exec(text.trim());
  return match?.[1];
}

/** What the person sent: a slash command, a `!command`, or a message (Enter steers, Tab queues). */
export function submitText(c: TuiController, text: string, mode: SubmitMode, images: ChipImage[]) {
  c.disarm();
  // an answer of one's own to the model's question: no message, no command
  if (c.questions.takeText(text)) return;
  if (runSlashCommand(text, c)) return;
  const shell = shellEscape(text);
  if (shell !== undefined) c.runShell(shell);
  else if (mode === "send") c.steer(text, images);
  else c.send(text, images);
}

/** Keys the composer hands over: each one an intent of the controller. */
export function composerSignal(c: TuiController, signal: ComposerSignal, empty = false) {
  switch (signal) {
    case "cycle_effort":
      return c.settings.stepEffort(1, true);
    case "cycle_mode":
      return c.settings.cycleMode();
    case "effort_down":
      return c.settings.stepEffort(-1);
    case "effort_up":
      return c.settings.stepEffort(1);
    case "show_output":
      return c.showOutput();
    case "transcript":
      return; // the transcript pager takes Ctrl+T before the composer
    case "interrupt":
      // Esc while typing an answer of one's own: the questions go unanswered, the turn goes on
      if (c.questions.typing) c.questions.dismiss();
      else if (c.busy || c.childrenRunning) c.interrupt();
      else c.rewinds.escape(empty); // Esc Esc on an empty composer: /rewind
      return;
    case "ctrl_c":
      return c.ctrlC();
  }
}

/** The parts a key may go to, besides the controller. */
interface KeyTargets {
  controller: TuiController;
  composer: ComposerModel;
  /** The `/` and `@` popup: true when the key was its. */
  completion(input: string, key: Key): boolean;
  terminal: Terminal;
}

/** The pager and the resume list sit over everything: they take their keys first. */
function overlayKey(t: KeyTargets, input: string, key: Key): boolean {
  const c = t.controller;
  const state = c.store.getState();
  const rows = t.terminal.rows || 24;
  const columns = t.terminal.columns || 80;
  const paged = pagerKey(state.pager, input, key, { entries: state.entries, rows, columns });
  if (paged !== "none") {
    c.set({ pager: paged.pager });
    return true;
  }
  const list = state.resumeList;
  if (!list) return false;
  const result = resumeListKey(list, input, key);
  if (!result) return true;
  if ("query" in result) c.sessions.filter(result.query);
  else if ("index" in result) c.sessions.highlight(result.index);
  else if ("pick" in result) c.sessions.pick(result.pick);
  else c.sessions.cancel();
  return true;
}

/** A key on an open picker (effort, model). */
function pickerOpenKey(c: TuiController, input: string, key: Key) {
  const open = c.store.getState().picker;
  if (!open) return;
  const result = pickerKey(input, key, open.index, open.spec.options, open.spec.numbered);
  if (!result) return;
  if ("index" in result) return c.set({ picker: { ...open, index: result.index } });
  c.set({ picker: undefined });
  // Picking may open the next picker (a model's efforts).
  if ("pick" in result) open.spec.onPick(result.pick);
  else open.spec.onCancel?.();
}

/**
 * One route for every key: the pager and resume list, then the approval prompt, else the cost
 * question, else an open picker, else the completion popup, else the composer.
 */
export function routeKey(t: KeyTargets, input: string, key: Key) {
  if (overlayKey(t, input, key)) return;
  const c = t.controller;
  const pending = c.approvals.current();
  if (pending && approvalKeyGoesToComposer(input, key, t.composer.isEmpty())) {
    return t.composer.handle(input, key);
  }
  if (pending) return approvalKeys(c, pending, input, key, t.terminal);
  const question = c.store.getState().costQuestion;
  if (question) {
    const answer = costQuestionAnswer(input, key);
    return answer && question.answer(answer);
  }
  if (c.store.getState().picker) return pickerOpenKey(c, input, key);
  if (t.completion(input, key)) return;
  t.composer.handle(input, key);
}
