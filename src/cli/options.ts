import { type Command, Option } from "commander";
import type { ExecFlags } from "../launch/index.js";
import { EFFORT_CHOICES } from "../protocol/index.js";
import { APPROVAL_POLICIES, SANDBOX_MODES } from "../settings/index.js";

const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

/** The options every session-starting command takes (the TUI, exec, acp). */
function addSessionOptions(command: Command): Command {
  return command
    .option("-m, --model <MODEL>", "model to use")
    .option(
      "-p, --profile <NAME>",
      "apply NAME.config.toml beside config.toml, or [profiles.NAME] (flags still win)",
    );
}

function addConfigOption(command: Command): Command {
  return command.option(
    "-c, --config <key=value>",
    "override a config.toml key (value parsed as TOML; repeatable)",
    collect,
  );
}

const effortOption = () =>
  new Option(
    "--effort <LEVEL>",
    "reasoning effort (same as -c model_reasoning_effort=LEVEL)",
  ).choices(EFFORT_CHOICES);

/** `mini-codex acp`: each session's directory comes from the editor; sandbox and approval as the TUI. */
export function addAcpOptions(command: Command): Command {
  return addConfigOption(addSessionOptions(command))
    .addOption(
      new Option(
        "-s, --sandbox <MODE>",
        "where commands and apply_patch may write (the editor's modes switch it: read-only, auto = workspace-write, full-access)",
      ).choices(SANDBOX_MODES),
    )
    .addOption(
      new Option(
        "-a, --ask-for-approval <POLICY>",
        "when to ask the editor before a tool call",
      ).choices(APPROVAL_POLICIES),
    )
    .addOption(effortOption())
    .option("--demo", "use the embedded local demo provider (no key, no network)");
}

export function addSharedOptions(command: Command): Command {
  return addConfigOption(
    addSessionOptions(command).option(
      "-i, --image <FILE>",
      "attach an image to the first message (png, jpeg, gif, webp; repeatable)",
      collect,
    ),
  )
    .option("-C, --cd <DIR>", "working directory (workspace root)")
    .option("--add-dir <DIR>", "another writable directory (repeatable)", collect)
    .addOption(
      new Option(
        "-s, --sandbox <MODE>",
        "where shell commands (bubblewrap; Seatbelt on macOS) and apply_patch may write. read-only: nowhere but a private /tmp, no network; workspace-write: cwd, --add-dir and a private /tmp, git's own files and hard-linked files read-only, no network unless [sandbox_workspace_write] network_access; both hide credential folders and files (~/.ssh, ~/.aws, ~/.codex, ~/.netrc, …), MINI_CODEX_HOME, CODEX_HOME and service sockets; danger-full-access: no confinement",
      ).choices(SANDBOX_MODES),
    )
    .addOption(
      new Option(
        "-a, --ask-for-approval <POLICY>",
        "when to ask before a tool call. untrusted: all but known read-only commands; on-request / on-failure: only to rerun a command the sandbox blocked, and for patches in read-only; never: nothing (exec refuses what would ask)",
      ).choices(APPROVAL_POLICIES),
    )
    .option("--full-auto", "shortcut for -a on-request -s workspace-write")
    .option(
      "--dangerously-bypass-approvals-and-sandbox",
      "run every command and patch without asking and without any sandbox (-a never -s danger-full-access)",
    )
    .addOption(new Option("--yolo", "alias of --dangerously-bypass-approvals-and-sandbox"))
    .option("--skip-git-repo-check", "allow running outside a git repository")
    .option(
      "--worktree [NAME]",
      "work in a new git worktree beside the repository (<repo>.<NAME>, branch codex/<NAME>; NAME: the session's id) from the current commit",
    )
    .option(
      "--dangerously-bypass-hook-trust",
      "run the hooks of hooks.json without asking to trust them (for automation that vets them)",
    )
    .addOption(effortOption())
    .option("--search", 'offer the hosted web_search tool (same as -c web_search="live")')
    .option("--demo", "use the embedded local demo provider (no key, no network)");
}

export function addExecOptions(command: Command): Command {
  return addSharedOptions(command)
    .option("--json", "print events as JSON lines on stdout")
    .addOption(new Option("--experimental-json", "alias of --json").hideHelp())
    .option("-o, --output-last-message <FILE>", "write the final agent message to FILE")
    .option("--output-schema <FILE>", "JSON schema the final answer must follow")
    .option("--ephemeral", "save nothing: no session file (cannot be resumed), no request ledger")
    .option("--goal <TEXT>", "work on TEXT turn after turn until the model reports it met")
    .option("--goal-tokens <N>", "the goal's token budget (e.g. 50k; none: no budget)")
    .option("--goal-usd <USD>", "the goal's dollar budget")
    .option("--goal-plan <POINTS>", "the goal's budget in points of a ChatGPT plan's 5h window")
    .option("--goal-minutes <M>", "the goal's time budget (e.g. 30, 1h30m)")
    .option("--goal-turns <N>", "the goal's most turns")
    .addOption(new Option("--thread-source <SOURCE>").hideHelp())
    .addOption(new Option("--cyber-access-program <NAME>").hideHelp());
}

/** Commander leaves repeatable options undefined when absent; make them arrays. */
export function normalizeFlags<T extends Partial<ExecFlags>>(
  flags: T,
): T & { config: string[]; addDir: string[]; image: string[] } {
  return {
    ...flags,
    config: flags.config ?? [],
    addDir: flags.addDir ?? [],
    image: flags.image ?? [],
  };
}
