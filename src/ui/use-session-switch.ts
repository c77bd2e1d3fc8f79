import { errorMessage } from "../protocol/error-message.js";
import type { SessionSource, TuiLaunchOptions } from "./contract.js";
import type { TranscriptEntryBody } from "./transcript/transcript-entries.js";
import type { useAgentSession } from "./use-agent-session.js";
import { useResumePicker } from "./use-resume-picker.js";

/**
 * Which session the TUI runs: the first one (new, resumed, forked, or picked from the list)
 * and the switches `/resume` and `/fork` make later.
 */
export function useSessionSwitch(
  options: TuiLaunchOptions,
  agent: ReturnType<typeof useAgentSession>,
  print: (...entries: TranscriptEntryBody[]) => void,
) {
  const failed = (error: unknown) =>
    print({
      kind: "notice",
      level: "error",
      text: `Could not start the session: ${errorMessage(error)}`,
    });
  const openNew = () => void agent.open().catch(failed);
  const openFrom = (source: SessionSource) => agent.openFrom(source).catch(failed);
  const resume = useResumePicker(options.listSessions, {
    pick: (id) => void openFrom({ resume: { id } }),
    // leaving the start-up list without a choice starts a new session (as Codex does)
    cancel: () => {
      if (!agent.session) openNew();
    },
  });
  const nothingSaved = (where: string) =>
    print({ kind: "notice", level: "info", text: `No saved sessions ${where}.` });

  return {
    picker: resume.picker,
    handleKey: resume.handleKey,
    /** The first session, as `mini-codex`, `resume` or `fork` asked for it. */
    start(): void {
      const start = options.start;
      if (start && "pick" in start) {
        if (resume.open(start.pick.allDirectories)) return;
        nothingSaved(start.pick.allDirectories ? "yet" : "for this directory");
      }
      if (start && !("pick" in start)) void openFrom(start);
      else openNew();
    },
    /** `/resume`: the list of this directory's sessions. */
    openPicker(): void {
      if (!resume.open(false)) nothingSaved("for this directory");
    },
    /** `/fork`: go on in a copy of the current session (which stays as it is). */
    async fork(): Promise<void> {
      const id = agent.session?.id;
      if (id) await openFrom({ fork: { id } });
    },
  };
}
