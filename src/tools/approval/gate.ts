import type { SandboxMode } from "../../sandbox/index.js";
import {
  isReadOnlyCommand,
  probeSandbox,
  withoutConfiguredDiffPrograms,
} from "../../sandbox/index.js";
import type { ApprovalDecision, ApprovalGate, ApprovalRequest } from "../types.js";
import { grantPathKeys } from "./grant-paths.js";
import {
  type ApprovalPolicy,
  approvalNeed,
  grantFor,
  NO_GRANTS,
  type PathKey,
  patchPaths,
} from "./policy.js";
import { type RuledNeed, ruledNeed } from "./ruled-need.js";
import type { PrefixRule } from "./rules.js";
import { rulesVerdict } from "./rules.js";

interface ApprovalGateOptions {
  policy: ApprovalPolicy;
  sandbox: SandboxMode;
  /** The working directory patch paths are relative to (file grants compare real files). */
  cwd?: string;
  /** Ask the person (the TUI). Absent: nobody can answer (exec), so what would ask is refused. */
  ask?(request: ApprovalRequest): Promise<ApprovalDecision>;
  /** Whether bwrap can confine a command (default: probed on PATH); read-only runs need it. */
  canConfine?: () => Promise<boolean>;
  /** The rules on disk (`.rules` files): consulted before the policy; "always" answers saved. */
  rules?: {
    active(): readonly PrefixRule[];
    saveAllow(prefix: readonly string[]): PrefixRule;
    saveForbidden?(prefix: readonly string[]): PrefixRule;
  };
  /** A line for the person (a rule saved, or why it could not be). */
  note?(message: string): void;
}

/** Why a call was refused without asking, in words the model can act on. */
function refusal(request: ApprovalRequest, options: ApprovalGateOptions, asked: boolean): string {
  const policy = `approval_policy ${options.policy}`;
  if (request.kind === "patch" && !asked) {
    return "the sandbox is read-only: apply_patch may not write files (the user can pass -s workspace-write or --full-auto)";
  }
  if (request.kind === "command" && request.reason === "sandbox_denied") {
    return `the sandbox blocked this command; running it without the sandbox needs the user's approval (${policy}) and nobody can approve in this session`;
  }
  const what =
    request.kind === "command"
      ? "this command"
      : request.kind === "patch"
        ? "this patch"
        : "this tool call";
  return `${what} needs the user's approval under ${policy}, and nobody can approve in this session (exec); it was not run`;
}

/**
 * Under untrusted a read-only command runs unasked, confined read-only (its programs named by
 * repository config get no write and no network), git without config-named diff programs.
 */
function allowed(request: ApprovalRequest, policy: ApprovalPolicy): ApprovalDecision {
  if (request.kind !== "command" || policy !== "untrusted") return { kind: "approve" };
  // a granted prefix is the person's approval: it runs in the session's sandbox
  if (!isReadOnlyCommand(request.command)) return { kind: "approve" };
  const command = withoutConfiguredDiffPrograms(request.command);
  const confine = "read-only" as const;
  return command === request.command
    ? { kind: "approve", confine }
    : { kind: "approve", command, confine };
}

const UNCONFINABLE =
  "refused: a read-only command runs unasked under approval_policy untrusted only in the read-only sandbox, and no sandbox can confine it here (bwrap on Linux, Seatbelt on macOS); it needs the user's approval and nobody can approve in this session (exec); it was not run";

/** A read-only command cannot be confined (no bwrap) under danger-full-access: it must ask. */
async function unconfinable(
  request: ApprovalRequest,
  options: ApprovalGateOptions,
): Promise<boolean> {
  if (request.kind !== "command" || options.policy !== "untrusted") return false;
  if (options.sandbox !== "danger-full-access" || !isReadOnlyCommand(request.command)) return false;
  // other modes refuse every command without bwrap at launch, with that reason
  return !(await (options.canConfine ?? defaultCanConfine)());
}

const defaultCanConfine = async () => (await probeSandbox()).ok;

/**
 * The session's one approval gate for every tool call (TUI and exec alike): the pure policy
 * decides, the person is asked only when it says so, and "for the session" answers become
 * grants that later calls are checked against.
 */
export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  let grants = NO_GRANTS;
  const { cwd } = options;
  const keysOf = async (paths: string[]): Promise<PathKey | undefined> =>
    cwd === undefined || paths.length === 0 ? undefined : grantPathKeys(cwd, paths);
  const ruled = (request: ApprovalRequest): RuledNeed | undefined =>
    request.kind === "command" && request.reason !== "sandbox_denied"
      ? ruledNeed(rulesVerdict(options.rules?.active() ?? [], request.command), options.policy)
      : undefined;
  return async (request, asking) => {
    const byRule = ruled(request);
    if (byRule?.decision) return byRule.decision;
    const key = await keysOf(patchPaths(request));
    let need = byRule?.need ?? approvalNeed(options.policy, options.sandbox, request, grants, key);
    const noBwrap = need === "allow" && (await unconfinable(request, options));
    if (noBwrap) need = "ask";
    if (need === "allow") return allowed(request, options.policy);
    if (need === "refuse") {
      // under `never` a sandbox denial is just the command's failure: the model reads its output
      if (request.kind === "command") return { kind: "deny" };
      return { kind: "deny", feedback: `refused: ${refusal(request, options, false)}` };
    }
    if (!options.ask && noBwrap) return { kind: "deny", feedback: UNCONFINABLE };
    if (!options.ask) {
      const why = byRule?.why ?? refusal(request, options, true);
      return { kind: "deny", feedback: `refused: ${why}` };
    }
    asking?.();
    const decision = await options.ask(request);
    if (decision.kind === "approve_prefix" && decision.always) saveRule(options, decision.prefix);
    if (decision.kind === "deny" && decision.forbidPrefix) forbid(options, decision.forbidPrefix);
    const granted = decision.kind === "approve_files" ? decision.paths : [];
    grants = grantFor(grants, decision, await keysOf(granted));
    if (decision.kind !== "deny") return decision;
    const note = decision.feedback?.trim();
    return { kind: "deny", feedback: note ? `denied by user: ${note}` : "denied by user" };
  };
}

/** An "always" answer: the prefix becomes an allow rule on disk (the next session honours it). */
function saveRule(options: ApprovalGateOptions, prefix: readonly string[]) {
  if (!options.rules) return;
  try {
    const rule = options.rules.saveAllow(prefix);
    options.note?.(`rule saved: allow \`${prefix.join(" ")}\` (${rule.file}:${rule.line})`);
  } catch (error) {
    options.note?.(
      `the rule was not saved (${(error as Error).message}); it holds for this session`,
    );
  }
}

/** A "no, never" answer: the prefix becomes a forbidden rule on disk (refused unasked from now on). */
function forbid(options: ApprovalGateOptions, prefix: readonly string[]) {
  const saveForbidden = options.rules?.saveForbidden?.bind(options.rules);
  if (!saveForbidden) return;
  try {
    const rule = saveForbidden(prefix);
    options.note?.(`rule saved: forbidden \`${prefix.join(" ")}\` (${rule.file}:${rule.line})`);
  } catch (error) {
    options.note?.(`the rule was not saved (${(error as Error).message})`);
  }
}
