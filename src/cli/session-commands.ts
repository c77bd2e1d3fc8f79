import type { Command } from "commander";
import type { ResumeTarget, SharedFlags } from "../launch/index.js";
import { CliError, EXIT_FAILED, UsageError } from "../launch/index.js";
import type { TuiLaunchOptions } from "../ui/index.js";
import { holdStartupKeys } from "../ui/index.js";
import { NOT_A_TERMINAL_MESSAGE } from "./messages.js";
import { addSharedOptions, normalizeFlags } from "./options.js";

type Pending = { result?: Promise<number> };
type Own = SharedFlags & { last?: boolean; all?: boolean };

function target(id: string | undefined, own: Own): ResumeTarget | undefined {
  if (id && own.last) throw new UsageError("give a SESSION_ID or --last, not both");
  if (id) return { id };
  return own.last ? { last: true, ...(own.all ? { anyDirectory: true } : {}) } : undefined;
}

/** Flags given before the command name (`mini-codex --demo resume`) and after it, merged. */
function flagsOf(own: Own, cmd: Command): SharedFlags {
  const before = normalizeFlags(cmd.parent?.opts<Partial<SharedFlags>>() ?? {});
  const after = normalizeFlags(own);
  return {
    ...before,
    ...Object.fromEntries(Object.entries(after).filter(([, value]) => value !== undefined)),
    config: [...before.config, ...after.config],
    addDir: [...before.addDir, ...after.addDir],
  };
}

function startTui(pending: Pending, flags: SharedFlags, start: TuiLaunchOptions["start"]) {
  if (!process.stdin.isTTY) throw new CliError(NOT_A_TERMINAL_MESSAGE, EXIT_FAILED);
  const release = holdStartupKeys();
  pending.result = import("./interactive.js")
    .then((m) => m.runInteractive(undefined, flags, start))
    .finally(release);
}

/** `mini-codex resume` and `mini-codex fork`: the TUI on a saved session (as in the Codex CLI). */
export function addSessionCommands(program: Command, pending: Pending): void {
  addSharedOptions(
    program
      .command("resume")
      .description("continue a saved session in the TUI (no id: pick one from a list)")
      .argument("[SESSION_ID]", "the session to continue"),
  )
    .option("--last", "continue the most recent session of this directory")
    .option("--all", "list (or with --last: take) sessions of every directory")
    .action((id: string | undefined, own: Own, cmd: Command) => {
      const resume = target(id, own);
      const start = resume ? { resume } : { pick: { allDirectories: own.all === true } };
      startTui(pending, flagsOf(own, cmd), start);
    });

  addSharedOptions(
    program
      .command("fork")
      .description("start a new session from a saved one: a copy of its history, its prompt cache")
      .argument("[SESSION_ID]", "the session to fork (or use --last)"),
  )
    .option("--last", "fork the most recent session of this directory")
    .action((id: string | undefined, own: Own, cmd: Command) => {
      const fork = target(id, own);
      if (!fork) throw new UsageError("fork needs a SESSION_ID or --last");
      startTui(pending, flagsOf(own, cmd), { fork });
    });
}
