import { realpathSync } from "node:fs";
import type { ResumeTarget, SharedFlags } from "../launch/index.js";
import {
  CliError,
  EXIT_FAILED,
  goneMessage,
  imageAttachments,
  isDirectory,
  knownContextWindow,
  loadRunConfig,
  profileLabel,
  resolveHomes,
  resumeDirectoryQuestion,
  resumeHint,
  type SavedSettings,
  savedSessionFor,
  UsageError,
  type WorktreeRequest,
  worktreeRequestOf,
} from "../launch/index.js";
import { costDisplayFor, listSessions, newSessionId } from "../session/index.js";
import type { Settings } from "../settings/index.js";
import type { NotificationEvent, SessionSource, TuiLaunchOptions } from "../ui/index.js";
import { yieldToKeys } from "../ui/index.js";
import { firstSignIn } from "./first-sign-in.js";
import { askFolderTrust } from "./folder-trust.js";
import { askHookTrust } from "./hook-trust.js";
import { askChoice } from "./terminal-choice.js";
import { tuiFolderTrust } from "./tui-folder-trust.js";
import { TuiRuntimes } from "./tui-runtimes.js";

/** `[tui] notifications`, `notification_method` and `notify` for the TUI (Codex keys). */
function notificationSettings(config: Settings): Pick<TuiLaunchOptions, "notifications"> {
  const { notifications: wanted, notificationMethod: method, notify } = config.tui;
  const events: NotificationEvent[] =
    wanted === true
      ? ["agent-turn-complete", "approval-requested"]
      : Array.isArray(wanted)
        ? wanted
        : [];
  if (events.length === 0 && !notify) return {};
  return {
    notifications: { events: new Set(events), method, ...(notify ? { command: notify } : {}) },
  };
}

/** The saved session `resume`/`fork` names, read before the runtime loads. */
function savedSessionOf(flags: SharedFlags, start: TuiLaunchOptions["start"]) {
  const target =
    start && ("resume" in start ? start.resume : "fork" in start ? start.fork : undefined);
  return target ? savedSessionFor(flags, target) : undefined;
}

/** The start with `--last` made the session found (the one the runtime was loaded for). */
function savedStart(
  start: NonNullable<TuiLaunchOptions["start"]>,
  saved: SavedSettings | undefined,
): NonNullable<TuiLaunchOptions["start"]> {
  if (!saved) return start;
  return "fork" in start ? { fork: { id: saved.id } } : { resume: { id: saved.id } };
}

/**
 * A resume or fork from another directory than the session's asks which one to work in, as the
 * Codex CLI does (-C/--cd answers it beforehand). True: the session's directory.
 */
async function inSessionDirectory(flags: SharedFlags, saved: SavedSettings): Promise<boolean> {
  if (flags.cd !== undefined) return false;
  // a session that worked in a worktree goes back there (--worktree: it moves to a new one)
  if (saved.worktree && flags.worktree === undefined) {
    if (isDirectory(saved.cwd)) return true;
    throw new CliError(goneMessage(saved), EXIT_FAILED);
  }
  if (!process.stdin.isTTY || !isDirectory(saved.cwd)) return false;
  if (realpathSync(saved.cwd) === realpathSync(process.cwd())) return false;
  const question = resumeDirectoryQuestion(saved.cwd, process.cwd());
  const choice = await askChoice(
    question.lines,
    question.choices.map((c) => c.text),
  );
  if (choice === undefined) {
    throw new CliError("no directory chosen: nothing was resumed", EXIT_FAILED);
  }
  return question.choices[choice]?.inSessionDirectory === true;
}

/**
 * `--worktree [NAME]` for the launch: named after the first session (a new one's id is chosen
 * now; a resumed one keeps its own). The resume list picks the session later: say how to write it.
 */
function worktreeRequest(
  flags: SharedFlags,
  start: TuiLaunchOptions["start"],
  saved: SavedSettings | undefined,
): WorktreeRequest | undefined {
  if (flags.worktree !== undefined && start && "pick" in start) {
    throw new UsageError(
      "resume --worktree needs the session: `mini-codex resume SESSION_ID --worktree [NAME]` (or --last); a SESSION_ID right after --worktree is read as its NAME",
    );
  }
  const resumed = start && "resume" in start ? saved?.id : undefined;
  return worktreeRequestOf(flags.worktree, resumed ?? newSessionId());
}

/** `mini-codex [PROMPT]`: the TUI. */
export async function runInteractive(
  prompt: string | undefined,
  given: SharedFlags,
  start?: TuiLaunchOptions["start"],
): Promise<number> {
  // `resume`/`fork`: the saved session's model, effort, provider, sandbox and approval policy
  // unless the command line sets them; its directory or the current one, as the person says
  const saved = savedSessionOf(given, start);
  // config.toml, parsed once: for the sign-in question and the runtime
  const parsed = loadRunConfig(given, resolveHomes().config, saved);
  // nothing to sign in with (for the saved session's provider too): the first start asks how
  const { flags, loaded } = await firstSignIn(given, parsed);
  const request = worktreeRequest(flags, start, saved);
  const inItsDirectory = saved ? await inSessionDirectory(flags, saved) : false;
  const resumed = saved ? { saved, inItsDirectory } : undefined;
  const runtimes = await TuiRuntimes.load(flags, resumed, loaded, request && { request });
  // the first new session or fork takes the id its worktree is named after
  let firstId = request && !(start && "resume" in start) ? request.sessionId : undefined;
  try {
    // a folder never decided on asks first; "untrusted" loads again with its restrictions, and
    // --worktree makes its worktree once answered
    const decided = runtimes.current.trust.level;
    const answer = await askFolderTrust(runtimes.current);
    if ((answer === "untrusted" && !decided) || runtimes.current.worktreePending) {
      await runtimes.reload();
    }
    const runtime = () => runtimes.current;
    // the probe's process runs while the UI's modules load (imported here, so --help, --version
    // and exec never load ink/react: a chunk of its own); nothing is drawn before its warning
    const probed = runtime().checkSandbox();
    const ui = import("../ui/run.js");
    ui.catch(() => {}); // awaited below, after the probe and the hook question
    // its warning goes to the plain terminal, before the UI draws
    await probed;
    await askHookTrust(runtime().hooks);
    // read before the UI starts: a bad file is a usage error on the plain terminal
    const images = imageAttachments(flags.image ?? [], runtime().cwd);
    const { runTui } = await ui;
    return await runTui({
      createSession: async (hooks) => {
        const source = hooks.source;
        // a review forks the running session; a new session goes back to the launch's runtime
        const on = hooks.review
          ? runtime()
          : source
            ? await runtimes.forSaved(sourceTarget(source), source.inSessionDirectory === true)
            : await runtimes.forFresh();
        // loaded after the first frame (tools, the engine), then a key typed meanwhile echoes
        const { openSession } = await import("../launch/open-session.js");
        await yieldToKeys();
        const id = !hooks.review && !(source && "resume" in source) ? firstId : undefined;
        if (id) firstId = undefined;
        const opened = await openSession(on, {
          warmup: !hooks.review,
          ...(id ? { id } : {}),
          ...(hooks.review ? { review: true } : {}),
          ...(hooks.approve ? { approve: hooks.approve } : {}),
          ...(hooks.askUser ? { askUser: hooks.askUser } : {}),
          ...(hooks.askHookTrust ? { askHookTrust: hooks.askHookTrust } : {}),
          ...(hooks.settings ? { settings: hooks.settings } : {}),
          ...(source
            ? "resume" in source
              ? { resume: source.resume }
              : { fork: source.fork }
            : {}),
        });
        return opened.session;
      },
      ...(prompt !== undefined ? { initialPrompt: prompt } : {}),
      initialImages: images,
      // the running session's settings (/help shows them)
      get config() {
        return runtime().config;
      },
      ...notificationSettings(runtime().config),
      ...(start ? { start: savedStart(start, saved) } : {}),
      directoryFromCommandLine: flags.cd !== undefined,
      folderTrust: tuiFolderTrust(flags, runtime().configHome),
      listSessions: (all) => listSessions(runtime().home, all ? undefined : runtime().cwd),
      resumeCommand: (sessionId) =>
        resumeHint({
          sessionId,
          cwd: runtime().cwd,
          shellCwd: process.cwd(),
          launcher: process.argv[1],
          path: process.env.PATH,
        }),
      home: runtime().home,
      get hiddenHomes() {
        return runtime().hiddenHomes;
      },
      // the running session's: a saved session opened later brings its own
      get cwd() {
        return runtime().cwd;
      },
      get worktree() {
        return runtime().worktree;
      },
      get approvalPolicy() {
        return runtime().approvalPolicy;
      },
      get sandbox() {
        return runtime().sandbox;
      },
      get profile() {
        const { profile, profileFile } = runtime();
        return profile ? profileLabel(profile, profileFile) : undefined;
      },
      ...(runtime().configNotice ? { configNotice: runtime().configNotice } : {}),
      version: runtime().version,
      // a ChatGPT plan is shown what it counts (tokens, plan usage), never dollars
      costDisplay: costDisplayFor(runtime().provider.credentials?.kind),
      ...(runtime().contextWindow ? { contextWindow: runtime().contextWindow } : {}),
      contextWindowFor: (model) =>
        runtime().config.model.contextWindow ?? knownContextWindow(model),
    });
  } finally {
    await runtimes.close();
  }
}

/** The saved session a source names. */
function sourceTarget(source: SessionSource): ResumeTarget {
  return "resume" in source ? source.resume : source.fork;
}
