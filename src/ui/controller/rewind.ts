import { errorMessage, goalTitleOf } from "../../protocol/index.js";
import type { AgentSession, RewindPoint, RewindResult } from "../../session/index.js";
import { REWIND_MODES, type RewindMode } from "../../session/index.js";
import { rewoundFileLines } from "../../tools/index.js";
import type { TranscriptEntryBody } from "../model/index.js";
import { openPicker, type PickerSpec } from "./questions/index.js";
import type { TuiState } from "./tui-state.js";

/** What the rewind intents act on: the controller's session, transcript, hint and pickers. */
interface RewindHost {
  readonly session: AgentSession | undefined;
  readonly busy: boolean;
  print(...entries: TranscriptEntryBody[]): void;
  set(patch: Partial<TuiState>): void;
}

const MODE_DETAILS: Record<RewindMode, string> = {
  code: "put the files back as they were before it (the diff first)",
  conversation: "return the conversation to before it; the files stay",
  both: "the files and the conversation",
};

const notice = (level: "info" | "error", text: string): TranscriptEntryBody => ({
  kind: "notice",
  level,
  text,
});

/** `/rewind` and Esc Esc on an empty composer: pick an earlier message, then what to rewind. */
export class RewindIntents {
  private escArmed = false;

  constructor(
    private readonly host: RewindHost,
    /** Put the text in the composer for editing. */
    private readonly putInComposer: (text: string) => void,
  ) {}

  /**
   * Esc with nothing running: the second in a row on an empty composer edits the last message
   * (Enter: the conversation goes back to before it and the message is in the composer; Up
   * picks an earlier one), as in the Codex CLI.
   */
  escape(emptyComposer: boolean): void {
    if (!emptyComposer || this.host.busy) {
      this.escArmed = false;
      return;
    }
    if (this.escArmed) {
      this.escArmed = false;
      this.edit();
      return;
    }
    this.escArmed = true;
    this.host.set({ hint: "Esc again to edit the previous message." });
  }

  /** `/rewind`: the list of earlier messages; picking one asks what to rewind. */
  open(): void {
    this.pickPoint("Rewind to before which message?", (point) => this.pickMode(point));
  }

  /** Esc Esc: the last message (or an earlier one) back in the composer, the conversation before it. */
  edit(): void {
    this.pickPoint(
      "Edit which message? Enter: the conversation goes back to before it, the message in the input (files stay; /rewind for files)",
      (point) => void this.rewind(point, "conversation"),
    );
  }

  private pickPoint(title: string, then: (point: RewindPoint) => void): void {
    const rewinds = this.host.session?.rewinds?.();
    const points = rewinds?.points() ?? [];
    if (points.length === 0) {
      this.host.print(notice("info", "No earlier message to rewind to."));
      return;
    }
    const labels = points.map(
      (point) =>
        `${point.turn}. ${firstLine(point.message)}${point.compacted ? " (before a compaction)" : ""}`,
    );
    this.openPicker({
      title,
      options: labels,
      initial: labels.at(-1) as string,
      onPick: (label) => {
        const point = points[labels.indexOf(label)];
        if (point) then(point);
      },
    });
  }

  private openPicker(spec: PickerSpec): void {
    this.host.set({ picker: openPicker(spec) });
  }

  private pickMode(point: RewindPoint): void {
    const modes = point.code === true ? REWIND_MODES : (["conversation"] as const);
    this.openPicker({
      title: `Rewind to before message ${point.turn}: what?`,
      options: modes,
      details: MODE_DETAILS,
      initial: modes.at(-1) as string,
      onPick: (mode) => void this.rewind(point, mode as RewindMode),
    });
  }

  private async rewind(point: RewindPoint, mode: RewindMode): Promise<void> {
    const rewinds = this.host.session?.rewinds?.();
    if (!rewinds) return;
    try {
      if (mode !== "conversation") {
        const diff = await rewinds.diff(point.turn);
        this.host.print(
          diff.trim()
            ? { kind: "diff", title: `Undone since message ${point.turn}`, text: diff }
            : notice("info", "No file changed since that message."),
        );
      }
      this.report(point, await rewinds.rewind(point.turn, mode));
    } catch (error) {
      this.host.print(notice("error", `Cannot rewind: ${errorMessage(error)}`));
    }
  }

  private report(point: RewindPoint, result: RewindResult): void {
    const code = result.code;
    if (code) {
      const lines = rewoundFileLines(code);
      if (lines.length > 0) this.host.print({ kind: "info", title: "Rewound files", lines });
    }
    if (result.mode !== "code") {
      this.host.print(
        notice(
          "info",
          `Conversation rewound to before message ${point.turn}; it is in the composer.`,
        ),
      );
      this.putInComposer(result.message);
    }
  }
}

function firstLine(text: string): string {
  const goal = goalTitleOf(text);
  if (goal !== undefined) return firstLine(goal);
  const line = text.split("\n")[0] ?? "";
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
