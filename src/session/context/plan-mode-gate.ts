import type { ApprovalRequest } from "../../tools/index.js";
import type { CollaborationMode } from "./collaboration-mode.js";

/**
 * What a collaboration mode refuses, as one pure judgement of the mode and what a tool call is
 * about to do (its name as the call starts; what it asks the approval gate to allow). Plan mode
 * is read-only: writes, escalations out of the sandbox and tools that may write are refused
 * with a reason the model can act on; `request_user_input` asks only in Plan mode, and only
 * when someone can answer.
 */
type ModeStep =
  /** A call is about to run; `canAsk`: a person can answer questions (the TUI, not exec). */
  | { kind: "call"; tool: string; canAsk: boolean }
  /** A running call asks the approval gate (a command out of the sandbox, a patch, an MCP call). */
  | { kind: "approval"; request: ApprovalRequest };

const REQUEST_USER_INPUT = "request_user_input";

const READ_ONLY = "plan mode is read-only";

/** Tools Plan mode refuses outright, and why. */
const PLAN_REFUSED: Readonly<Record<string, string>> = {
  apply_patch: `${READ_ONLY}: apply_patch is refused. Put the change in the plan (<proposed_plan>); it is made once the user approves the plan`,
  update_plan:
    "update_plan tracks the steps of an implementation and is refused in plan mode: write the plan in a <proposed_plan> block instead",
  spawn_agent: `${READ_ONLY}: subagents are not started in plan mode (they could write); explore yourself`,
  send_input: `${READ_ONLY}: subagents are not given work in plan mode (they could write); explore yourself`,
};

const NOBODY_TO_ASK =
  "request_user_input: no one can answer questions here (exec, or a subagent): decide yourself and say in your answer what you assumed";

const NOT_IN_DEFAULT =
  "request_user_input is unavailable in Default mode (only in Plan mode): decide yourself and say what you assumed";

/** The reason `step` is refused in `mode`, or undefined when it may go ahead. */
export function modeRefusal(mode: CollaborationMode, step: ModeStep): string | undefined {
  if (step.kind === "call") {
    if (step.tool === REQUEST_USER_INPUT) {
      if (!step.canAsk) return NOBODY_TO_ASK;
      return mode === "plan" ? undefined : NOT_IN_DEFAULT;
    }
    return mode === "plan" ? PLAN_REFUSED[step.tool] : undefined;
  }
  if (mode !== "plan") return undefined;
  const request = step.request;
  if (request.kind === "command") {
    return request.reason === "sandbox_denied"
      ? `${READ_ONLY}: commands run only in the read-only sandbox, never again without it`
      : undefined;
  }
  if (request.kind === "patch") return PLAN_REFUSED.apply_patch;
  return request.readOnly
    ? undefined
    : `${READ_ONLY}: ${request.server}/${request.tool} is not marked read-only, so it is not called in plan mode`;
}
