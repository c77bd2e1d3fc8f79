import { type Key, useStdout } from "ink";
import { approvalKey } from "../approval-choices.js";
import { scrollDiff } from "../approval-diff.js";
import { diffGeometry } from "../approval-prompt.js";
import type { useAgentSession } from "../use-agent-session.js";
import { useRefState } from "../use-terminal.js";
import { backspace, EMPTY_BUFFER, insertText } from "./composer-buffer.js";

type Agent = ReturnType<typeof useAgentSession>;
type Pending = NonNullable<ReturnType<Agent["currentApproval"]>>;

/**
 * Keys on the approval prompt: the highlighted choice, the diff's scroll offset and the text
 * field of "No, and tell the model what to do differently" (its text goes with the denial).
 */
export function useApprovalKeys(agent: Agent) {
  const choice = useRefState(0);
  const diffOffset = useRefState(0);
  const feedback = useRefState<string | undefined>(undefined);
  const { stdout } = useStdout();

  const reset = () => {
    choice.set(0);
    diffOffset.set(0);
    feedback.set(undefined);
  };

  const onFeedbackKey = (pending: Pending, text: string, input: string, key: Key) => {
    if (key.ctrl && input === "c") {
      reset();
      return agent.interrupt();
    }
    if (key.escape) return feedback.set(undefined);
    if (key.return) {
      reset();
      const said = text.trim();
      return agent.decide(pending, { kind: "deny", ...(said ? { feedback: said } : {}) });
    }
    const buffer = { text, cursor: text.length };
    if (key.backspace || key.delete) return feedback.set(backspace(buffer).text);
    // Typed or pasted text; control keys and bracketed-paste markers are not text.
    const typed = input.replace(/\u001b?\[20[01]~/g, "").replace(/[\u0000-\u001f\u007f]/g, " ");
    if (typed && !key.ctrl && !key.meta) feedback.set(insertText(buffer, typed).text);
  };

  const handle = (pending: Pending, input: string, key: Key) => {
    const text = feedback.ref.current;
    if (text !== undefined) return onFeedbackKey(pending, text, input, key);
    const result = approvalKey(input, key, choice.ref.current, pending.request);
    // Esc / Ctrl+C on a prompt deny it and stop the turn.
    if (result === "interrupt") {
      reset();
      return agent.interrupt();
    }
    if (result === undefined) return;
    if ("index" in result) return choice.set(result.index);
    if ("scroll" in result) {
      const { lines, rows, columns } = diffGeometry(pending.request, stdout);
      return diffOffset.set(
        scrollDiff(lines, diffOffset.ref.current, result.scroll, rows, columns),
      );
    }
    if (result.choice.asksFeedback) return feedback.set(EMPTY_BUFFER.text);
    reset();
    agent.decide(pending, result.choice.decision);
  };

  return { handle, choice: choice.value, diffOffset: diffOffset.value, feedback: feedback.value };
}
