import type { SessionModeState } from "@agentclientprotocol/sdk";
import type { SandboxMode } from "../sandbox/index.js";
import type { ApprovalPolicy } from "../tools/index.js";

// The session modes an editor switches between (`session/set_mode`), as the Codex CLI's approval
// presets: each is a sandbox and an approval policy. A list, so a later mode (a collaboration
// mode such as `plan`) is one more entry.

export interface AcpMode {
  id: string;
  name: string;
  description: string;
  sandbox: SandboxMode;
  approvalPolicy: ApprovalPolicy;
}

const ACP_MODES: readonly AcpMode[] = [
  {
    id: "read-only",
    name: "Read only",
    description: "Commands run in the read-only sandbox (no network); every edit asks first.",
    sandbox: "read-only",
    approvalPolicy: "on-request",
  },
  {
    id: "auto",
    name: "Auto",
    description:
      "Commands and edits run in the workspace-write sandbox; running a blocked command again without it asks.",
    sandbox: "workspace-write",
    approvalPolicy: "on-request",
  },
  {
    id: "full-access",
    name: "Full access",
    description: "No sandbox and no questions: commands and edits run with your full access.",
    sandbox: "danger-full-access",
    approvalPolicy: "never",
  },
];

export function findMode(id: string): AcpMode | undefined {
  return ACP_MODES.find((mode) => mode.id === id);
}

/** The mode a sandbox is in (the sandbox decides: an approval policy set by flags stays). */
export function modeOf(sandbox: SandboxMode): AcpMode {
  return ACP_MODES.find((mode) => mode.sandbox === sandbox) ?? (ACP_MODES[1] as AcpMode);
}

export function modeState(sandbox: SandboxMode): SessionModeState {
  return {
    currentModeId: modeOf(sandbox).id,
    availableModes: ACP_MODES.map(({ id, name, description }) => ({ id, name, description })),
  };
}
