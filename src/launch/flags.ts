import type { ReasoningEffort } from "../protocol/index.js";
import type { SandboxMode } from "../sandbox/index.js";
import type { ApprovalPolicy } from "../tools/index.js";
import type { ConfigOverride } from "./config/index.js";
import { UsageError } from "./errors.js";

/** The approval policy and sandbox the shortcut flags stand for, after checking they don't clash. */
function safetyFlags(flags: SharedFlags): { approval?: ApprovalPolicy; sandbox?: SandboxMode } {
  const bypass = flags.dangerouslyBypassApprovalsAndSandbox || flags.yolo;
  const given = [
    flags.fullAuto && "--full-auto",
    bypass && "--dangerously-bypass-approvals-and-sandbox",
    (flags.fullAuto || bypass) && flags.sandbox && "-s/--sandbox",
    (flags.fullAuto || bypass) && flags.askForApproval && "-a/--ask-for-approval",
  ].filter(Boolean);
  if (given.length > 1) throw new UsageError(`${given.join(" and ")} cannot be used together`);
  if (flags.fullAuto) return { approval: "on-request", sandbox: "workspace-write" };
  if (bypass) return { approval: "never", sandbox: "danger-full-access" };
  return {
    ...(flags.askForApproval ? { approval: flags.askForApproval } : {}),
    ...(flags.sandbox ? { sandbox: flags.sandbox } : {}),
  };
}

/** Flags shared by the interactive command and exec (docs/config.md, "Flags"). */
export interface SharedFlags {
  model?: string;
  config: string[];
  cd?: string;
  addDir: string[];
  sandbox?: SandboxMode;
  /** -a/--ask-for-approval */
  askForApproval?: ApprovalPolicy;
  /** --full-auto: -a on-request -s workspace-write */
  fullAuto?: boolean;
  /** --dangerously-bypass-approvals-and-sandbox (--yolo): -a never -s danger-full-access */
  dangerouslyBypassApprovalsAndSandbox?: boolean;
  yolo?: boolean;
  skipGitRepoCheck?: boolean;
  /** --dangerously-bypass-hook-trust: run every hook of hooks.json without asking to trust it. */
  dangerouslyBypassHookTrust?: boolean;
  effort?: ReasoningEffort;
  demo?: boolean;
  /** --search: web_search = "live". */
  search?: boolean;
  /** -p/--profile: apply `[profiles.NAME]` from config.toml. */
  profile?: string;
  /** -i/--image FILE (repeatable): images attached to the first message. */
  image?: string[];
  /** --worktree [NAME]: `true` without NAME (named after the session). */
  worktree?: string | boolean;
}

export interface ExecFlags extends SharedFlags {
  /** --goal TEXT: work on TEXT turn after turn until it is met (docs/config.md, "Goals"). */
  goal?: string;
  /** --goal-tokens, --goal-usd, --goal-plan, --goal-minutes, --goal-turns: its budgets. */
  goalTokens?: string;
  goalUsd?: string;
  goalPlan?: string;
  goalMinutes?: string;
  goalTurns?: string;
  json?: boolean;
  experimentalJson?: boolean;
  outputLastMessage?: string;
  outputSchema?: string;
  ephemeral?: boolean;
}

/** Explicit flags become config overrides applied after `-c` (flags win). */
export function flagOverrides(flags: SharedFlags): ConfigOverride[] {
  const out: ConfigOverride[] = [];
  if (flags.model) out.push({ path: ["model"], value: flags.model });
  if (flags.effort) out.push({ path: ["model_reasoning_effort"], value: flags.effort });
  const safety = safetyFlags(flags);
  if (safety.sandbox) out.push({ path: ["sandbox_mode"], value: safety.sandbox });
  if (safety.approval) out.push({ path: ["approval_policy"], value: safety.approval });
  if (flags.demo) out.push({ path: ["model_provider"], value: "demo" });
  if (flags.search) out.push({ path: ["web_search"], value: "live" });
  return out;
}
