import type { SandboxMode } from "../../sandbox/index.js";
import { isReadOnlyCommand, matchesGrantedPrefix } from "../../sandbox/index.js";
import type { APPROVAL_POLICIES } from "../../settings/index.js";
import type { ApprovalDecision, ApprovalRequest } from "../types.js";

/** When the person is asked before a tool call runs (Codex `approval_policy`; src/settings/choices.ts). */
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];

/** What happens to a tool call before it runs. */
export type ApprovalNeed = "allow" | "ask" | "refuse";

/** What the person granted "for the session": command prefixes and sets of files. */
interface SessionGrants {
  readonly prefixes: ReadonlyArray<readonly string[]>;
  readonly files: ReadonlySet<string>;
}

export const NO_GRANTS: SessionGrants = { prefixes: [], files: new Set() };

/** How grants compare a patch's paths (the gate gives each file's workspace-relative real path). */
export type PathKey = (path: string) => string;
const asShown: PathKey = (path) => path;

/** The files a patch touches (a move: both ends), as the patch shows them. */
export function patchPaths(request: ApprovalRequest): string[] {
  if (request.kind !== "patch") return [];
  return request.changes.flatMap((change) =>
    change.movePath ? [change.path, change.movePath] : [change.path],
  );
}

/**
 * Whether a tool call needs the person's approval (Codex CLI semantics, docs/config.md):
 * - `untrusted`: read-only commands run; other commands ask; patches ask unless
 *   danger-full-access.
 * - `on-request`, `on-failure`: the sandbox is the guard: commands run confined (a sandbox
 *   denial asks to run again without it); patches run, except in a read-only sandbox (ask).
 * - `never`: nothing asks; a patch in a read-only sandbox is refused.
 * Session grants (a command prefix, a set of files) turn an "ask" into "allow".
 */
export function approvalNeed(
  policy: ApprovalPolicy,
  sandbox: SandboxMode,
  request: ApprovalRequest,
  grants: SessionGrants = NO_GRANTS,
  key: PathKey = asShown,
): ApprovalNeed {
  if (request.kind === "mcp_tool") {
    return policy === "never" || request.readOnly ? "allow" : "ask";
  }
  if (request.kind === "command") {
    if (request.reason === "sandbox_denied") return policy === "never" ? "refuse" : "ask";
    if (policy !== "untrusted" || isReadOnlyCommand(request.command)) return "allow";
    return matchesGrantedPrefix(request.command, grants.prefixes) ? "allow" : "ask";
  }
  // a patch with no files is no patch the person approved
  const paths = patchPaths(request).map(key);
  const granted = paths.length > 0 && paths.every((path) => grants.files.has(path));
  if (sandbox === "read-only") {
    if (policy === "never") return "refuse";
    return granted ? "allow" : "ask";
  }
  if (policy === "untrusted" && sandbox !== "danger-full-access") return granted ? "allow" : "ask";
  return "allow";
}

/** Grants after the person's answer: a prefix or a set of files is added; others change nothing. */
export function grantFor(
  grants: SessionGrants,
  decision: ApprovalDecision,
  key: PathKey = asShown,
): SessionGrants {
  if (decision.kind === "approve_prefix" && decision.prefix.length > 0) {
    return { ...grants, prefixes: [...grants.prefixes, [...decision.prefix]] };
  }
  if (decision.kind === "approve_files" && decision.paths.length > 0) {
    return { ...grants, files: new Set([...grants.files, ...decision.paths.map(key)]) };
  }
  return grants;
}

/** The "yes for the session" answer that fits a request, or undefined when there is none. */
export function sessionDecision(request: ApprovalRequest): ApprovalDecision | undefined {
  if (request.kind === "command") {
    if (request.reason === "sandbox_denied" || request.suggestedPrefix.length === 0) return;
    return { kind: "approve_prefix", prefix: request.suggestedPrefix };
  }
  if (request.kind === "patch") return { kind: "approve_files", paths: patchPaths(request) };
  return undefined;
}
