import { type Command, Option } from "commander";
import type { ExecFlags } from "../launch/flags.js";
import { REASONING_EFFORTS } from "../protocol/efforts.js";
import { SANDBOX_MODES } from "../sandbox/modes.js";

const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

export function addSharedOptions(command: Command): Command {
  return command
    .option("-m, --model <MODEL>", "model to use")
    .option(
      "-c, --config <key=value>",
      "override a config.toml key (value parsed as TOML; repeatable)",
      collect,
    )
    .option("-C, --cd <DIR>", "working directory (workspace root)")
    .option("--add-dir <DIR>", "another writable directory (repeatable)", collect)
    .addOption(
      new Option(
        "-s, --sandbox <MODE>",
        "what the agent may write: apply_patch obeys it (read-only: no edits; workspace-write: cwd and --add-dir only) and the model is told; shell commands are not isolated",
      ).choices(SANDBOX_MODES),
    )
    .option("--skip-git-repo-check", "allow running outside a git repository")
    .addOption(
      new Option(
        "--effort <LEVEL>",
        "reasoning effort (same as -c model_reasoning_effort=LEVEL)",
      ).choices(REASONING_EFFORTS),
    )
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
    .addOption(
      new Option("--image <FILE>", "attach an image (not supported; ignored)")
        .argParser(collect)
        .hideHelp(),
    )
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
