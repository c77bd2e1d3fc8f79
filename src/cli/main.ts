import { Command, CommanderError } from "commander";
import { AuthError } from "../auth/index.js";
import type { ExecFlags, SharedFlags } from "../launch/index.js";
import {
  CliError,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  packageVersion,
  UsageError,
} from "../launch/index.js";
import { probeSandbox } from "../sandbox/index.js";
import { SessionStorageError } from "../session/index.js";
import { holdStartupKeys } from "../ui/index.js";
import { addDemoServerCommand } from "./demo-server-command.js";
import { addExecRewindCommand } from "./exec-rewind-command.js";
import { addLoginCommands } from "./login-commands.js";
import { NOT_A_TERMINAL_MESSAGE } from "./messages.js";
import { addAcpOptions, addExecOptions, addSharedOptions, normalizeFlags } from "./options.js";
import { type ReviewFlags, reviewTargetOf } from "./review-flags.js";
import { addSessionCommands } from "./session-commands.js";

/** What a command action hands back: the process exit code. */
type Pending = { result?: Promise<number> };

function buildProgram(pending: Pending): Command {
  const program = new Command("mini-codex")
    .description("A small terminal coding agent with honest incremental Responses API requests")
    .version(packageVersion(), "-V, --version", "print the version")
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  addSharedOptions(program)
    .argument("[PROMPT]", "optional first message")
    .action((prompt: string | undefined, flags: SharedFlags) => {
      // `mini-codex --worktree resume ID`: commander gave the flag the command's name
      const named = flags.worktree;
      if (typeof named === "string" && program.commands.some((c) => c.name() === named))
        throw new UsageError(
          `--worktree took "${named}" as its NAME: put the flag after the command (mini-codex ${named} … --worktree)`,
        );
      // checked before anything heavy loads: the TUI cannot run from a pipe
      if (!process.stdin.isTTY) throw new CliError(NOT_A_TERMINAL_MESSAGE, EXIT_FAILED);
      // Keys typed from now on wait for the first frame instead of echoing (a stray line).
      const release = holdStartupKeys();
      // the sandbox probe's process runs while the TUI's modules load (its warning comes first)
      void probeSandbox();
      pending.result = import("./interactive.js")
        .then((m) => m.runInteractive(prompt, normalizeFlags(flags)))
        .finally(release);
    });

  const exec = addExecOptions(
    program
      .command("exec")
      .description("run one prompt non-interactively (prompt from the argument or stdin)")
      .argument("[PROMPT]", "the prompt; `-` or none with piped stdin reads stdin"),
  )
    .enablePositionalOptions(false)
    .action((prompt: string | undefined, flags: ExecFlags) => {
      pending.result = import("../exec/index.js").then((m) =>
        m.runExec({ prompt, flags: normalizeFlags(flags) }),
      );
    });

  exec
    .command("resume")
    .description("continue a saved session")
    .argument("[SESSION_ID]", "the session to continue (or use --last)")
    .argument("[PROMPT]", "the prompt; `-` or none with piped stdin reads stdin")
    .option("--last", "continue the most recent session of this directory")
    .option("--all", "with --last: of any directory")
    .action(
      (
        id: string | undefined,
        prompt: string | undefined,
        own: { last?: boolean; all?: boolean },
        cmd: Command,
      ) => {
        const flags = normalizeFlags(cmd.parent?.opts<Partial<ExecFlags>>() ?? {});
        if (!own.last && !id) throw new UsageError("exec resume needs a SESSION_ID or --last");
        const resume = own.last
          ? { last: true as const, ...(own.all ? { anyDirectory: true } : {}) }
          : { id: id as string };
        const text = own.last ? id : prompt;
        if (own.last && prompt !== undefined)
          throw new UsageError("exec resume --last takes at most one PROMPT");
        pending.result = import("../exec/index.js").then((m) =>
          m.runExec({ prompt: text, flags, resume }),
        );
      },
    );

  exec
    .command("review")
    .description("review changes read-only: findings with file, line and priority")
    .argument("[PROMPT]", "extra review instructions")
    .option("--uncommitted", "the staged, unstaged and untracked changes")
    .option("--base <BRANCH>", "the changes since the merge base with BRANCH")
    .option("--commit <SHA>", "the changes of one commit")
    .action((prompt: string | undefined, own: ReviewFlags, cmd: Command) => {
      const flags = normalizeFlags(cmd.parent?.opts<Partial<ExecFlags>>() ?? {});
      const review = reviewTargetOf(own);
      pending.result = import("../exec/index.js").then((m) => m.runExec({ prompt, flags, review }));
    });

  addExecRewindCommand(exec, pending);
  addSessionCommands(program, pending);

  program
    .command("ledger")
    .description("summarise a session's request ledger (default: the latest session)")
    .argument("[SESSION]", "session id or ledger file")
    .option("--json", "print the summary and every row as one JSON document")
    .option("--cost", "print what each turn and the session cost, and what caching saved")
    .action((session: string | undefined, flags: { json?: boolean; cost?: boolean }) => {
      pending.result = import("./ledger-command.js").then((m) =>
        m.runLedgerCommand(session, { json: flags.json === true, cost: flags.cost === true }),
      );
    });

  addMcpCommands(program, pending);
  addLoginCommands(program, pending);

  program
    .command("sandbox")
    .description("check the sandbox shell commands run in")
    .command("doctor")
    .description("run a real command per promise of the confined modes and print pass or fail")
    .action(() => {
      pending.result = import("./sandbox-doctor.js").then((m) =>
        m.runSandboxDoctor((text) => process.stdout.write(text)),
      );
    });

  addDemoServerCommand(program, pending);
  addAcpCommand(program, pending);

  return program;
}

/** `mini-codex acp`: the Agent Client Protocol agent on stdio (loaded only when asked for). */
function addAcpCommand(program: Command, pending: Pending): void {
  addAcpOptions(
    program
      .command("acp")
      .description("serve an editor over the Agent Client Protocol on stdin/stdout (docs/acp.md)"),
  ).action((flags: Partial<SharedFlags>) => {
    pending.result = import("../acp/index.js").then((m) => m.runAcp(normalizeFlags(flags)));
  });
}

/** `mini-codex mcp list|get|add|remove`, editing config.toml like `codex mcp`. */
function addMcpCommands(program: Command, pending: Pending): void {
  const mcp = program.command("mcp").description("manage MCP servers in config.toml");
  const run = (action: (m: typeof import("./mcp-command.js")) => number) => {
    pending.result = import("./mcp-command.js").then(action);
  };
  mcp
    .command("list")
    .description("list configured MCP servers")
    .option("--json", "print JSON")
    .action((flags: { json?: boolean }) =>
      run((m) => m.mcpList(m.defaultHome(), flags.json === true, m.stdout)),
    );
  mcp
    .command("get")
    .description("show one MCP server")
    .argument("<NAME>", "the server")
    .option("--json", "print JSON")
    .action((name: string, flags: { json?: boolean }) =>
      run((m) => m.mcpGet(m.defaultHome(), name, flags.json === true, m.stdout)),
    );
  mcp
    .command("add")
    .description("add an MCP server: `add NAME -- COMMAND [ARGS...]` or `add NAME --url URL`")
    .argument("<NAME>", "the server")
    .argument("[COMMAND...]", "the stdio server's command and arguments (after --)")
    .option("--env <KEY=VALUE>", "environment variable for the server (repeatable)", collectValues)
    .option("--url <URL>", "a streamable HTTP server")
    .option("--bearer-token-env-var <VAR>", "variable holding the HTTP server's bearer token")
    .action(
      (
        name: string,
        command: string[],
        flags: { env?: string[]; url?: string; bearerTokenEnvVar?: string },
      ) => {
        if (!flags.url && command.length === 0) {
          throw new UsageError("mcp add needs a command after -- or --url");
        }
        run((m) => m.mcpAdd(m.defaultHome(), name, command, flags, m.stdout));
      },
    );
  mcp
    .command("remove")
    .description("remove an MCP server")
    .argument("<NAME>", "the server")
    .action((name: string) => run((m) => m.mcpRemove(m.defaultHome(), name, m.stdout)));
}

function collectValues(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function report(error: unknown): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  }
  if (error instanceof CliError) {
    process.stderr.write(`mini-codex: ${error.message}\n`);
    return error.exitCode;
  }
  // a sessions folder that is read-only or full, a sign-in to renew: the person's to fix, not a crash
  if (error instanceof SessionStorageError || error instanceof AuthError) {
    process.stderr.write(`mini-codex: ${error.message}\n`);
    return EXIT_FAILED;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`mini-codex: unexpected error: ${message}\n`);
  return EXIT_FAILED;
}

/** The width commander wraps help at when stdout is not a terminal. */
export const DEFAULT_HELP_WIDTH = 80;

/**
 * `mini-codex --help` as commander prints it for a terminal this wide: build/render-help.mjs
 * stores it for bin/mini-codex.js, which answers `--help` without loading the CLI (bench/startup).
 */
export function helpText(width = DEFAULT_HELP_WIDTH): string {
  return buildProgram({}).configureHelp({ helpWidth: width }).helpInformation();
}

/** Run the command line; resolves with the exit code (never calls process.exit itself). */
export async function runCli(argv: string[]): Promise<number> {
  const pending: Pending = {};
  try {
    await buildProgram(pending).parseAsync(argv);
    return pending.result ? await pending.result : 0;
  } catch (error) {
    return report(error);
  }
}
