import type { ProjectTrust } from "../../launch/index.js";
import { resumeDirectoryQuestion } from "../../launch/index.js";
import { errorMessage } from "../../protocol/index.js";
import type { AgentSession } from "../../session/index.js";
import type { SessionSource, TuiLaunchOptions } from "../contract.js";
import type { PickerSpec } from "./questions/index.js";
import { folderTrustPicker } from "./questions/index.js";
import type { Store } from "./store.js";
import type { TuiState } from "./tui-state.js";

/** What switching sessions needs from the controller. */
interface SwitchHost {
  readonly launch: TuiLaunchOptions;
  readonly store: Store<TuiState>;
  readonly session: AgentSession | undefined;
  open(source?: SessionSource): Promise<AgentSession>;
  notice(level: "info" | "error", text: string): void;
  openPicker(spec: PickerSpec): void;
}

/**
 * Which session the TUI runs: the first one (new, resumed, forked, or picked from the list)
 * and the switches `/new`, `/resume` and `/fork` make later.
 */
export class SessionSwitch {
  constructor(private readonly host: SwitchHost) {}

  /** The first session, as `mini-codex`, `resume` or `fork` asked for it. */
  start(): void {
    const start = this.host.launch.start;
    if (start && "pick" in start) {
      if (this.openList(start.pick.allDirectories)) return;
      this.nothingSaved(start.pick.allDirectories ? "yet" : "for this directory");
    }
    if (start && !("pick" in start)) void this.openFrom(start);
    else void this.openNew();
  }

  /** `/new`. */
  async openNew(): Promise<void> {
    await this.host.open().catch((error: unknown) => this.failed(error));
  }

  /** `/resume`: the list of this directory's sessions. */
  openResumeList(): void {
    if (!this.openList(false)) this.nothingSaved("for this directory");
  }

  /** `/fork`: go on in a copy of the current session (which stays as it is). */
  async fork(): Promise<void> {
    const id = this.host.session?.id;
    if (id) await this.openFrom({ fork: { id } });
  }

  /** The resume list's highlight moved. */
  highlight(index: number): void {
    this.host.store.update((s) =>
      s.resumeList ? { ...s, resumeList: { ...s.resumeList, index } } : s,
    );
  }

  /** The resume list's filter changed (the highlight goes back to the top). */
  filter(query: string): void {
    this.host.store.update((s) =>
      s.resumeList ? { ...s, resumeList: { ...s.resumeList, query, index: 0 } } : s,
    );
  }

  /**
   * A session picked from the list; one that ran in another directory asks which directory to
   * go on in, as the Codex CLI does. One of this directory's goes on here (after `/resume` of
   * another folder's session: there, not in the directory the TUI started in). With -C/--cd
   * every session goes on in that directory, as a resume from the command line does.
   */
  pick(id: string): void {
    const picked = this.host.store.getState().resumeList?.sessions.find((s) => s.id === id);
    this.closeList();
    const here = this.host.launch.cwd;
    if (!picked || picked.cwd === here || this.host.launch.directoryFromCommandLine)
      return void this.openFrom({ resume: { id } });
    const { lines, choices } = resumeDirectoryQuestion(picked.cwd, here);
    this.host.openPicker({
      title: lines.join("\n"),
      options: choices.map((choice) => choice.text),
      numbered: true,
      onPick: (text) =>
        choices.find((choice) => choice.text === text)?.inSessionDirectory
          ? this.openInFolder({ resume: { id }, inSessionDirectory: true }, picked.cwd)
          : void this.openFrom({ resume: { id }, inSessionDirectory: false }),
      onCancel: () => this.cancel(),
    });
  }

  /** Leaving the start-up list without a choice starts a new session (as Codex does). */
  cancel(): void {
    this.closeList();
    if (!this.host.session) void this.openNew();
  }

  /**
   * A saved session about to open in its own folder `dir`: a folder no trust was recorded for
   * asks first, as at start-up, and the answer is recorded before it opens (an untrusted folder
   * runs restricted). Esc opens nothing there.
   */
  private openInFolder(source: SessionSource, dir: string): void {
    const access = this.host.launch.folderTrust;
    if (!access) return void this.openFrom(source);
    let folder: ProjectTrust;
    try {
      folder = access.of(dir);
    } catch (error) {
      this.openedNothing(error);
      return;
    }
    const question = folderTrustPicker(folder, {
      answer: (level) => {
        try {
          this.host.notice("info", access.record(folder.root, level));
        } catch (error) {
          this.openedNothing(error);
          return;
        }
        void this.openFrom(source);
      },
      cancel: () => {
        this.host.notice(
          "info",
          `No answer about trusting ${folder.root}: the session was not opened.`,
        );
        this.cancel();
      },
    });
    if (question) this.host.openPicker(question);
    else void this.openFrom(source);
  }

  private openList(allDirectories: boolean): boolean {
    const sessions = this.host.launch.listSessions?.(allDirectories) ?? [];
    if (sessions.length === 0) return false;
    this.host.store.update((s) => ({ ...s, resumeList: { sessions, index: 0, query: "" } }));
    return true;
  }

  private closeList(): void {
    this.host.store.update((s) => ({ ...s, resumeList: undefined }));
  }

  private async openFrom(source: SessionSource): Promise<void> {
    await this.host.open(source).catch((error: unknown) => this.failed(error));
  }

  private failed(error: unknown): void {
    this.host.notice("error", `Could not start the session: ${errorMessage(error)}`);
  }

  /** The session could not open: a new one starts when there is none. */
  private openedNothing(error: unknown): void {
    this.failed(error);
    this.cancel();
  }

  private nothingSaved(where: string): void {
    this.host.notice("info", `No saved sessions ${where}.`);
  }
}
