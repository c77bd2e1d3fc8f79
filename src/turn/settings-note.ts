import type { ResponseItem } from "../protocol/index.js";
import type { RecordedSettings, SessionSettings } from "../session/index.js";
import { cwdUpdate, permissionsUpdate, settingsChangedMessage } from "../session/index.js";

/**
 * The context updates that go ahead of the next user message: the note that model or effort
 * changed (sent once), then the permissions message when the history last told the model other
 * permissions than `permissions`, this run's (the order the Codex CLI sends them in), then the
 * working directory when the history last told it another one (a resume elsewhere).
 */
export class PendingSettingsNote {
  private note: ResponseItem | undefined;

  constructor(
    private readonly permissions: ResponseItem | undefined,
    private readonly cwd?: string,
  ) {}

  /** A note when model or effort differ (a later change replaces an unsent note). */
  update(before: RecordedSettings, after: SessionSettings): void {
    if (after.model !== before.model || after.effort !== before.effort) {
      this.note = settingsChangedMessage(after.model, after.effort);
    }
  }

  /** The updates `history` needs now, without taking them (the next-request preview). */
  peek(history: readonly ResponseItem[]): ResponseItem[] {
    return [
      ...(this.note ? [this.note] : []),
      ...permissionsUpdate(history, this.permissions),
      ...cwdUpdate(history, this.cwd),
    ];
  }

  take(history: readonly ResponseItem[]): ResponseItem[] {
    const updates = this.peek(history);
    this.note = undefined;
    return updates;
  }
}
