import type { Key } from "ink";
import { useRef, useState } from "react";
import type { SessionSummary } from "../session/session-list.js";
import { pickerKey } from "./picker.js";

export interface ResumePickerState {
  sessions: SessionSummary[];
  index: number;
}

/**
 * The list of saved sessions to resume (`mini-codex resume`, `/resume`): open it, route keys
 * to it while it shows, and hand the chosen id (or a cancel) back.
 */
export function useResumePicker(
  list: ((allDirectories: boolean) => SessionSummary[]) | undefined,
  on: { pick(id: string): void; cancel(): void },
) {
  const [state, setState] = useState<ResumePickerState>();
  const ref = useRef<ResumePickerState | undefined>(undefined);
  const set = (next: ResumePickerState | undefined) => {
    ref.current = next;
    setState(next);
  };
  return {
    picker: state,
    /** Show the list; false when there is nothing to resume. */
    open(allDirectories: boolean): boolean {
      const sessions = list?.(allDirectories) ?? [];
      if (sessions.length === 0) return false;
      set({ sessions, index: 0 });
      return true;
    },
    /** A key while the list shows (true: it was the picker's). */
    handleKey(input: string, key: Key): boolean {
      const shown = ref.current;
      if (!shown) return false;
      const ids = shown.sessions.map((s) => s.id);
      const result = pickerKey(input, key, shown.index, ids);
      if (!result) return true;
      if ("index" in result) set({ ...shown, index: result.index });
      else {
        set(undefined);
        if ("pick" in result) on.pick(result.pick);
        else on.cancel();
      }
      return true;
    },
  };
}
