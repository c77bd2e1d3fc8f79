import type { ResponseItem } from "../protocol/items.js";
import type { SessionSettings } from "../session/api.js";
import { settingsChangedMessage } from "../session/environment.js";
import type { RecordedSettings } from "../session/recorded-settings.js";

/** The note that model or effort changed, sent once ahead of the next user message. */
export class PendingSettingsNote {
  private note: ResponseItem | undefined;

  /** A note when model or effort differ (a later change replaces an unsent note). */
  update(before: RecordedSettings, after: SessionSettings): void {
    if (after.model !== before.model || after.effort !== before.effort) {
      this.note = settingsChangedMessage(after.model, after.effort);
    }
  }

  /** The unsent note, if any, without taking it (the next-request preview). */
  peek(): ResponseItem[] {
    return this.note ? [this.note] : [];
  }

  take(): ResponseItem[] {
    const note = this.peek();
    this.note = undefined;
    return note;
  }
}
