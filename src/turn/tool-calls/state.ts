import type { ToolCallItem, ToolOutput } from "../../protocol/index.js";
import type { SandboxMode } from "../../sandbox/index.js";
import { suggestedPrefix } from "../../sandbox/index.js";
import type {
  ApprovalDecision,
  ApprovalRequest,
  ApprovedPlan,
  ToolDefinition,
  ToolNeeds,
  ToolPlan,
  Verdict,
} from "../../tools/index.js";
import { deniedOutput } from "../../tools/index.js";

/**
 * Where one tool call is, from the wire to its output: the pipeline's one tagged union (its
 * driver is pipeline.ts), after gemini-cli's tool-call lifecycle.
 *
 *   received ─▶ pre_tool_use ─▶ planned ─▶ awaiting_approval ─▶ running ─▶ done
 *                                                  ▲                │
 *                                                  └────────────────┘ the sandbox blocked it:
 *                                                    asked again, a yes runs it `escalated`
 *
 * - `refused` ends a call that does not run: after `received` when the collaboration mode
 *   refuses it (Plan mode is read-only), after `pre_tool_use` when a hook blocks it, before a
 *   plan when the tool rejects its input, after `planned`/`awaiting_approval` when the gate
 *   or the person says no.
 * - `pre_tool_use` is entered only when PreToolUse hooks are configured (a hook's "ask" waits
 *   in `awaiting_approval`); `awaiting_approval` only when the gate asks (PermissionRequest
 *   hooks or the person).
 * - `aborted`: a call the interrupted turn never took up goes there from `received`; any call
 *   that ends after the interrupt ends there, with what the tool said (the killed command's
 *   output, the patch that was not written).
 */
export type ToolCallState =
  | (CallBase & { status: "received" })
  | (CallBase & { status: "pre_tool_use" })
  | (CallBase & { status: "planned"; tool: ToolDefinition; plan: ToolPlan })
  | (CallBase & { status: "awaiting_approval"; request: ApprovalRequest })
  | (CallBase & {
      status: "running";
      tool: ToolDefinition;
      plan: ApprovedPlan;
      /** `escalated`: again without the sandbox, after it blocked the first run. */
      attempt: "first" | "escalated";
    })
  | FinalToolCallState;

/** How a call ended; `output` is what the model reads. */
export type FinalToolCallState = CallBase & { output: ToolOutput } & (
    | { status: "done" }
    | { status: "refused"; by: RefusedBy }
    | { status: "aborted" }
  );

/**
 * Who refused: the collaboration mode (Plan mode is read-only), a PreToolUse hook, the gate
 * (policy, rules, hooks or the person), or the tool (its input).
 */
type RefusedBy = "mode" | "hook" | "gate" | "input";

/** The model's call, or the person's own `!command` (no hooks, no approval). */
export type CallOrigin = "model" | "person";

interface CallBase {
  call: ToolCallItem;
  origin: CallOrigin;
}

/** A call ended after the turn was interrupted: aborted, with what the tool said. */
export function settled(state: FinalToolCallState, interrupted: boolean): FinalToolCallState {
  if (!interrupted || state.status === "aborted") return state;
  return { call: state.call, origin: state.origin, output: state.output, status: "aborted" };
}

/** What the gate is asked about a plan (`agent`: the subagent whose call it is). */
export function approvalRequest(
  callId: string,
  needs: Exclude<ToolNeeds, { kind: "nothing" }>,
  agent: string | undefined,
): ApprovalRequest {
  const named = agent === undefined ? {} : { agent };
  if (needs.kind === "command") {
    const { command, workdir } = needs;
    return {
      kind: "command",
      callId,
      command,
      workdir,
      suggestedPrefix: suggestedPrefix(command),
      ...named,
    };
  }
  return { ...needs, callId, ...named };
}

/** A refusal: what the model reads, and `why` for the tool's own report (apply_patch's event). */
export interface Refusal {
  refused: ToolOutput;
  why: string;
}

/** The gate's answer as a verdict (how the plan runs) or a refusal. */
export function verdictOf(decision: ApprovalDecision, mode: SandboxMode): Verdict | Refusal {
  if (decision.kind === "deny")
    return { refused: deniedOutput(decision.feedback), why: "denied by user" };
  if (decision.kind !== "approve") return { mode };
  return {
    mode,
    ...(decision.command ? { command: decision.command } : {}),
    ...(decision.confine ? { confine: decision.confine } : {}),
  };
}

/**
 * With no gate (a bare pipeline, as unit tests drive it) everything runs as planned, except a
 * write in a read-only sandbox: nothing would stop it.
 */
export function ungatedVerdict(
  tool: string,
  needs: ToolNeeds,
  mode: SandboxMode,
): Verdict | Refusal {
  if (needs.kind !== "patch" || mode !== "read-only") return { mode };
  const why = `the sandbox is read-only: ${tool} may not write files`;
  return { refused: `${tool} refused: ${why}`, why };
}

/** The run after the sandbox blocked the first: unconfined, the command as approved. */
export function escalated(verdict: Verdict): Verdict {
  return { mode: "danger-full-access", ...(verdict.command ? { command: verdict.command } : {}) };
}

/** The person kept the sandbox: the blocked run's output, with their note if they gave one. */
export function keptConfined(first: ToolOutput, decision: ApprovalDecision): ToolOutput {
  const feedback = decision.kind === "deny" ? decision.feedback : undefined;
  if (!feedback || typeof first !== "string") return first;
  return `${first}\n${feedback}`;
}
