import type { ReasoningEffort } from "../protocol/request.js";
import type { SandboxMode } from "../sandbox/modes.js";
import type { ConfigOverride } from "./config-overrides.js";

/** Flags shared by the interactive command and exec (docs/config.md, "Flags"). */
export interface SharedFlags {
  model?: string;
  config: string[];
  cd?: string;
  addDir: string[];
  sandbox?: SandboxMode;
  skipGitRepoCheck?: boolean;
  effort?: ReasoningEffort;
  demo?: boolean;
  /** --search: web_search = "live". */
  search?: boolean;
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

/** Explicit flags become config overrides applied after `-c` (flags win). */
export function flagOverrides(flags: SharedFlags): ConfigOverride[] {
  const out: ConfigOverride[] = [];
  if (flags.model) out.push({ path: ["model"], value: flags.model });
  if (flags.effort) out.push({ path: ["model_reasoning_effort"], value: flags.effort });
  if (flags.sandbox) out.push({ path: ["sandbox_mode"], value: flags.sandbox });
  if (flags.demo) out.push({ path: ["model_provider"], value: "demo" });
  if (flags.search) out.push({ path: ["web_search"], value: "live" });
  return out;
}
