import { printable } from "../../../text/index.js";
import type {
  UserInputAnswers,
  UserInputQuestion,
  UserInputRequest,
} from "../../../tools/index.js";
import type { PickerSpec } from "./picker-spec.js";

/** The choice that lets the person type an answer of their own (the Codex CLI's "other"). */
const OWN_ANSWER = "Other: type my own answer";

const TYPE_HINT = "Type your answer and press Enter (Esc: no answer).";

/** What asking needs of the controller: a picker on screen and the line under the status bar. */
interface QuestionHost {
  openPicker(spec: PickerSpec): void;
  /** Close the picker if it is still `spec`'s (the turn ended under it). */
  closePicker(spec: PickerSpec): void;
  hint(text: string): void;
}

/** The question on screen: its picker, and how it ends. */
interface Asking {
  spec: PickerSpec;
  /** The person picked "Other": the composer's next message is the answer. */
  typing: boolean;
  finish(answer: string | undefined): void;
}

/**
 * The session's `askUser` hook in the TUI (request_user_input, Plan mode): each question in
 * turn as a numbered list (↑↓ and Enter, or its number), its last choice an answer of one's own
 * typed in the composer; Esc dismisses the questions (the model then decides itself).
 */
export class QuestionDesk {
  private asking: Asking | undefined;
  /** Requests wait for the one on screen (one turn asks at a time; children cannot ask). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly host: QuestionHost) {}

  /** The `askUser` hook: the answers by question id, or undefined when dismissed. */
  readonly ask = (
    request: UserInputRequest,
    signal: AbortSignal,
  ): Promise<UserInputAnswers | undefined> => {
    const asked = this.queue.then(() => this.askAll(request.questions, signal));
    this.queue = asked.catch(() => undefined);
    return asked;
  };

  /** An answer of one's own is awaited: the composer's Enter gives it. */
  get typing(): boolean {
    return this.asking?.typing === true;
  }

  /** The composer's message while an own answer is awaited: taken as the answer (true). */
  takeText(text: string): boolean {
    const asking = this.asking;
    if (!asking?.typing) return false;
    asking.finish(text.trim());
    return true;
  }

  /** Esc while typing, an interrupt, a session switch: the questions go unanswered. */
  dismiss(): void {
    this.asking?.finish(undefined);
  }

  private async askAll(
    questions: readonly UserInputQuestion[],
    signal: AbortSignal,
  ): Promise<UserInputAnswers | undefined> {
    const answers: UserInputAnswers["answers"] = {};
    for (const [i, question] of questions.entries()) {
      if (signal.aborted) return undefined;
      const counter = questions.length > 1 ? ` (${i + 1}/${questions.length})` : "";
      const answer = await this.askOne(question, counter, signal);
      if (answer === undefined || answer === "") return undefined;
      answers[question.id] = { answers: [answer] };
    }
    return { answers };
  }

  private askOne(
    question: UserInputQuestion,
    counter: string,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    return new Promise((resolve) => {
      const labels = uniqueLabels(question.options.map((o) => printable(o.label)));
      const details: Record<string, string> = {};
      question.options.forEach((option, i) => {
        const label = labels[i] as string;
        if (option.description) details[label] = printable(option.description);
      });
      const header = question.header ? `${printable(question.header)}: ` : "";
      const spec: PickerSpec = {
        title: `${header}${printable(question.question)}${counter}`,
        options: [...labels, OWN_ANSWER],
        details,
        numbered: true,
        onPick: (picked) => {
          if (picked !== OWN_ANSWER) return finish(question.options[labels.indexOf(picked)]?.label);
          asking.typing = true;
          this.host.hint(TYPE_HINT);
        },
        onCancel: () => finish(undefined),
      };
      const asking: Asking = { spec, typing: false, finish: (answer) => finish(answer) };
      const onAbort = () => finish(undefined);
      const finish = (answer: string | undefined) => {
        if (this.asking !== asking) return;
        this.asking = undefined;
        signal.removeEventListener("abort", onAbort);
        this.host.closePicker(spec);
        if (asking.typing) this.host.hint("");
        resolve(answer);
      };
      this.asking = asking;
      signal.addEventListener("abort", onAbort, { once: true });
      this.host.openPicker(spec);
    });
  }
}

/** Labels as the picker lists them: one row each (a repeated label gets its number). */
function uniqueLabels(labels: readonly string[]): string[] {
  return labels.map((label, i) =>
    labels.indexOf(label) === i && label !== OWN_ANSWER ? label : `${label} (${i + 1})`,
  );
}
