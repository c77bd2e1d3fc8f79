import { type Command, Option } from "commander";
import type { ConfigOverride } from "./config-overrides.js";

export const SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export const EFFORT_LEVELS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;

/** Flags shared by the interactive command and exec (SPEC §7). */
export interface SharedFlags {
  model?: string;
  config: string[];
  cd?: string;
  addDir: string[];
  sandbox?: (typeof SANDBOX_MODES)[number];
  skipGitRepoCheck?: boolean;
  effort?: (typeof EFFORT_LEVELS)[number];
  demo?: boolean;
}

export interface ExecFlags extends SharedFlags {
  json?: boolean;
  experimentalJson?: boolean;
  outputLastMessage?: string;
  outputSchema?: string;
  ephemeral?: boolean;
  /** Accepted for Codex SDK compatibility; images are not supported yet. */
  image: string[];
}

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
      ).choices(EFFORT_LEVELS),
    )
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

/** Explicit flags become config overrides applied after `-c` (flags win). */
export function flagOverrides(flags: SharedFlags): ConfigOverride[] {
  const out: ConfigOverride[] = [];
  if (flags.model) out.push({ path: ["model"], value: flags.model });
  if (flags.effort) out.push({ path: ["model_reasoning_effort"], value: flags.effort });
  if (flags.sandbox) out.push({ path: ["sandbox_mode"], value: flags.sandbox });
  if (flags.demo) out.push({ path: ["model_provider"], value: "demo" });
  return out;
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
