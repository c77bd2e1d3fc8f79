import type {
  PermissionOption,
  PermissionOptionKind,
  RequestPermissionOutcome,
  ToolCallContent,
  ToolCallUpdate,
  ToolKind,
} from "@agentclientprotocol/sdk";
import type { ApprovalDecision, ApprovalRequest } from "../tools/index.js";
import { type ApprovalChoice, approvalChoices } from "../tools/index.js";
import { fileDiff } from "./file-diffs.js";
import { ownMeta } from "./own-meta.js";
import { commandShape } from "./tool-calls.js";

// An approval the session's gate asks as `session/request_permission`: the answers the TUI
// offers (tools/approval/answers.ts), each as a permission option of its kind, so choosing one
// does what the same answer does in the TUI; and "no, never" (reject_always) for a command,
// which saves a forbidden rule. A subagent's request names the child.

/** The option id of "no, never" (the TUI's keys are the other ids). */
const NEVER_OPTION = "never";

const KINDS: Record<string, PermissionOptionKind> = {
  y: "allow_once",
  a: "allow_always",
  s: "allow_always",
  n: "reject_once",
};

/** The TUI's answers an editor can give (feedback needs a text field a permission lacks). */
function offered(request: ApprovalRequest): ApprovalChoice[] {
  return approvalChoices(request).filter((choice) => !choice.asksFeedback && KINDS[choice.key]);
}

/** The words "no, never" forbids: the command's suggested prefix (none: not offered). */
function neverPrefix(request: ApprovalRequest): string[] | undefined {
  if (request.kind !== "command" || request.reason === "sandbox_denied") return undefined;
  return request.suggestedPrefix.length > 0 ? request.suggestedPrefix : undefined;
}

export function permissionOptions(request: ApprovalRequest): PermissionOption[] {
  const options: PermissionOption[] = offered(request).map((choice) => ({
    optionId: choice.key,
    name: choice.label,
    kind: KINDS[choice.key] as PermissionOptionKind,
  }));
  const prefix = neverPrefix(request);
  if (prefix) {
    options.push({
      optionId: NEVER_OPTION,
      name: `No, and never run commands that start with \`${prefix.join(" ")}\` (saved to rules)`,
      kind: "reject_always",
    });
  }
  return options;
}

/** What the person's answer decides; anything but a chosen option (cancelled) is "no". */
export function decisionOf(
  request: ApprovalRequest,
  outcome: RequestPermissionOutcome,
): ApprovalDecision {
  if (outcome.outcome !== "selected") return { kind: "deny" };
  if (outcome.optionId === NEVER_OPTION) {
    const prefix = neverPrefix(request);
    return prefix ? { kind: "deny", forbidPrefix: prefix } : { kind: "deny" };
  }
  const choice = offered(request).find((c) => c.key === outcome.optionId);
  return choice?.decision ?? { kind: "deny" };
}

function kindOf(request: ApprovalRequest, cwd: string): ToolKind {
  if (request.kind === "patch") return "edit";
  if (request.kind === "command") return commandShape(request.command, cwd).kind;
  return "other";
}

function titleOf(request: ApprovalRequest): string {
  const who = request.agent ? `Subagent ${request.agent}: ` : "";
  if (request.kind === "command") {
    const again = request.reason === "sandbox_denied" ? " (again, without the sandbox)" : "";
    return `${who}Run \`${request.command}\`${again}?`;
  }
  if (request.kind === "patch") {
    return `${who}Edit ${request.changes.map((change) => change.movePath ?? change.path).join(", ")}?`;
  }
  return `${who}Call ${request.server}: ${request.tool}?`;
}

function contentOf(request: ApprovalRequest, cwd: string): ToolCallContent[] {
  if (request.kind === "patch") {
    return request.changes.map((change) => ({ type: "diff", ...fileDiff(change, cwd) }));
  }
  const text =
    request.kind === "command"
      ? `$ ${request.command}\n(in ${request.workdir})${request.reason === "sandbox_denied" ? "\nThe sandbox blocked it; it would run again without the sandbox." : ""}`
      : request.arguments;
  return [{ type: "content", content: { type: "text", text } }];
}

/** The tool call a permission request is about, whole (a subagent's call was never announced). */
export function permissionToolCall(request: ApprovalRequest, cwd: string): ToolCallUpdate {
  return {
    toolCallId: request.callId,
    title: titleOf(request),
    kind: kindOf(request, cwd),
    status: "pending",
    content: contentOf(request, cwd),
    ...(request.kind === "patch"
      ? { locations: request.changes.map((change) => ({ path: fileDiff(change, cwd).path })) }
      : {}),
    _meta: ownMeta({ approval: request.kind, ...(request.agent ? { agent: request.agent } : {}) }),
  };
}
