import {
  developerMessage,
  lastDeveloperText,
  messageText,
  type ResponseItem,
} from "../../protocol/index.js";
import type { SandboxMode } from "../../sandbox/index.js";
import type { ApprovalPolicy } from "../../tools/index.js";

/** What the model is told about its sandbox and who approves (the `<permissions>` message). */
export interface PermissionsInput {
  sandbox: SandboxMode;
  approvalPolicy: ApprovalPolicy;
  /** `[sandbox_workspace_write] network_access`. */
  networkAccess?: boolean;
  /** False in exec: nobody answers approvals. */
  canAsk?: boolean;
  /** What confines commands: Seatbelt on macOS (no /tmp of its own), else bubblewrap. */
  engine?: "bwrap" | "seatbelt";
}

const PERMISSIONS_TAG = "<permissions>";

const HIDDEN =
  "~/.ssh, ~/.aws, ~/.gnupg, ~/.config/gh, ~/.docker and the mini-codex home are hidden";

/** The sandbox by name and its writable temp folder (Seatbelt's is $TMPDIR: /tmp stays read-only). */
const ENGINE_TEXT = {
  bwrap: { name: "a bubblewrap sandbox", temp: "a private /tmp" },
  seatbelt: {
    name: "a macOS Seatbelt sandbox",
    temp: "a private temp folder ($TMPDIR; /tmp itself is read-only)",
  },
} as const;

/** What each mode really enforces (docs/config.md, "Sandbox"); the model plans by it. */
function sandboxText(input: PermissionsInput): string {
  const mode = input.sandbox;
  if (mode === "danger-full-access") {
    return "There is no sandbox: commands run with full access to the file system and the network.";
  }
  const { name, temp } = ENGINE_TEXT[input.engine ?? "bwrap"];
  if (mode === "read-only") {
    return `Shell commands run in ${name}: the whole file system is read-only (only ${temp} is writable), the network is off, and ${HIDDEN}. apply_patch may not write files without approval.`;
  }
  const network = input.networkAccess ? "the network is on" : "the network is off";
  return `Shell commands run in ${name}: they may write only inside the workspace roots and ${temp}; .git is read-only; ${network}; ${HIDDEN}. apply_patch writes inside the workspace roots only, never into .git.`;
}

const APPROVAL_TEXT: Record<ApprovalPolicy, string> = {
  untrusted:
    "Commands other than known read-only ones, and patches, need the user's approval first.",
  "on-request":
    "Commands run in the sandbox without asking; when the sandbox blocks one, the user is asked whether to run it again without the sandbox.",
  "on-failure":
    "Commands run in the sandbox without asking; when the sandbox blocks one, the user is asked whether to run it again without the sandbox.",
  never:
    "Nothing asks the user: work within the sandbox; a command the sandbox blocks fails and you get its output.",
};

const NOBODY_TO_ASK =
  "Nobody can approve anything in this session: what would need approval is refused, with the reason in the tool output.";

/**
 * The developer message stating the sandbox and the approval policy: the first item of a new
 * session's context, and again, whole, whenever what holds differs from what the model was told.
 */
export function permissionsMessage(input: PermissionsInput): ResponseItem {
  return developerMessage(
    [
      PERMISSIONS_TAG,
      `sandbox_mode: ${input.sandbox}`,
      sandboxText(input),
      `approval_policy: ${input.approvalPolicy}`,
      APPROVAL_TEXT[input.approvalPolicy],
      ...(input.canAsk === false && input.approvalPolicy !== "never" ? [NOBODY_TO_ASK] : []),
      "</permissions>",
    ].join("\n"),
  );
}

/**
 * The permissions message to append before the next message: `current` when the history last
 * told the model something else (a resume, exec resume or fork with another sandbox or approval
 * policy, or a compaction, /new or rewind that dropped an earlier update); nothing when it
 * already says `current`, or when the history never stated permissions (a context of its own).
 */
export function permissionsUpdate(
  history: readonly ResponseItem[],
  current: ResponseItem | undefined,
): ResponseItem[] {
  if (!current) return [];
  const told = lastDeveloperText(history, PERMISSIONS_TAG);
  return told === undefined || told === messageText(current) ? [] : [current];
}
