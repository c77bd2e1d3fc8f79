import type { ToolOutput } from "../../protocol/index.js";
import {
  ABORTED_OUTPUT,
  errorMessage,
  type ResponseItem,
  type ToolCallItem,
  toolOutputFor,
} from "../../protocol/index.js";
import { modeRefusal } from "../../session/index.js";
import type {
  ApprovalRequest,
  ApprovedPlan,
  ToolContext,
  ToolDefinition,
  ToolPlan,
  ToolRun,
  Verdict,
} from "../../tools/index.js";
import { ToolError, toolInput } from "../../tools/index.js";
import type { ToolCallHooks } from "../session-hooks.js";
import type { TurnContext } from "../turn-context.js";
import { postToolUse, preToolUse } from "./hook-stage.js";
import {
  approvalRequest,
  type CallOrigin,
  escalated,
  type FinalToolCallState,
  keptConfined,
  type Refusal,
  settled,
  type ToolCallState,
  ungatedVerdict,
  verdictOf,
} from "./state.js";

/** What the pipeline works with: the turn's tools, where they run, its gate, hooks and history. */
export type ToolCallContext = Pick<
  TurnContext,
  | "tools"
  | "cwd"
  | "workspaceRoots"
  | "sandbox"
  | "mode"
  | "askUser"
  | "signal"
  | "approve"
  | "hooks"
  | "person"
  | "agent"
  | "emit"
  | "append"
  | "freeze"
  | "recordPatchIntent"
>;

/**
 * Run the calls of one response in order. Every call ends with its output in history (frozen:
 * the model sees that text from now on), so history always pairs each call with an output.
 */
export async function runToolCalls(
  calls: readonly ToolCallItem[],
  ctx: ToolCallContext,
): Promise<void> {
  for (const call of calls) await runToolCall(call, ctx);
}

/**
 * One call through every stage, each state announced as `tool_call_state`: `tool_call_started`
 * when it is taken up, tool events while it runs, its output into history (the model's calls)
 * and `tool_call_finished` at the end. A call the interrupted turn never took up is `aborted`.
 */
export async function runToolCall(
  call: ToolCallItem,
  ctx: ToolCallContext,
  origin: CallOrigin = "model",
): Promise<FinalToolCallState> {
  const enter = (state: ToolCallState) =>
    ctx.emit({
      type: "tool_call_state",
      callId: call.call_id,
      name: call.name,
      status: state.status,
    });
  if (ctx.signal.aborted) {
    const aborted: FinalToolCallState = { call, origin, status: "aborted", output: ABORTED_OUTPUT };
    enter({ call, origin, status: "received" });
    enter(aborted);
    if (origin === "model") keep(toolOutputFor(call, aborted.output), ctx);
    return aborted;
  }
  const kind = call.type === "function_call" ? "function" : "custom";
  ctx.emit({ type: "tool_call_started", callId: call.call_id, name: call.name, kind });
  enter({ call, origin, status: "received" });
  const final = settled(await drive(call, origin, ctx, enter), ctx.signal.aborted);
  enter(final);
  // kept as soon as it exists, so nothing applied is lost
  if (origin === "model") keep(toolOutputFor(call, final.output), ctx);
  ctx.emit({
    type: "tool_call_finished",
    callId: call.call_id,
    name: call.name,
    output: final.output,
  });
  return final;
}

/** Outputs for calls that will not run at all (e.g. the tool round limit was reached). */
export function skippedOutputs(calls: readonly ToolCallItem[], why: string): ResponseItem[] {
  return calls.map((call) => toolOutputFor(call, why));
}

/** The output joins history and is frozen: a later re-render never changes what the model saw. */
function keep(item: ResponseItem, ctx: ToolCallContext): void {
  ctx.append([item]);
  ctx.freeze?.(item);
}

type Enter = (state: ToolCallState) => void;

/**
 * received → [pre_tool_use] → planned → [awaiting_approval] → running → done | refused; the
 * collaboration mode may refuse a model's call before anything else (Plan mode is read-only).
 */
async function drive(
  call: ToolCallItem,
  origin: CallOrigin,
  ctx: ToolCallContext,
  enter: Enter,
): Promise<FinalToolCallState> {
  if (origin === "model") {
    // the collaboration mode judges the call first (plan mode is read-only)
    const canAsk = ctx.askUser !== undefined;
    const refused = modeRefusal(ctx.mode ?? "default", { kind: "call", tool: call.name, canAsk });
    if (refused !== undefined)
      return { call, origin, status: "refused", by: "mode", output: refused };
  }
  // hooks judge the model's calls; the person's own command is theirs
  const hooks = origin === "model" ? ctx.hooks : undefined;
  if (hooks?.has("PreToolUse")) {
    enter({ call, origin, status: "pre_tool_use" });
    const refused = await preToolUseStage(call, hooks, ctx, enter);
    if (refused !== undefined)
      return { call, origin, status: "refused", by: "hook", output: refused };
  }
  let raw: string | undefined;
  const tools = toolContext(call, ctx, (command) => {
    raw = command;
  });
  const ended = await planAndRun(call, origin, ctx, tools, enter);
  if (!hooks?.has("PostToolUse")) return ended;
  return { ...ended, output: await postToolUse(call, hooks, ended.output, raw, ctx.signal) };
}

/** PreToolUse: undefined to go on, else what the model reads (blocked, or the person said no). */
async function preToolUseStage(
  call: ToolCallItem,
  hooks: ToolCallHooks,
  ctx: ToolCallContext,
  enter: Enter,
): Promise<string | undefined> {
  const pre = await preToolUse(call, hooks, ctx.signal);
  if ("blocked" in pre) return pre.blocked;
  if ("go" in pre) return undefined;
  const request: ApprovalRequest = {
    kind: "command",
    callId: call.call_id,
    command: pre.command,
    workdir: ctx.cwd,
    suggestedPrefix: [],
    ...(ctx.agent === undefined ? {} : { agent: ctx.agent }),
  };
  // nobody to ask: refused
  if (!ctx.person) return pre.deniedOutput;
  enter({ call, origin: "model", status: "awaiting_approval", request });
  return (await ctx.person(request)).kind === "deny" ? pre.deniedOutput : undefined;
}

/** planned → [awaiting_approval] → running (→ awaiting_approval → running escalated) → done. */
async function planAndRun(
  call: ToolCallItem,
  origin: CallOrigin,
  ctx: ToolCallContext,
  tools: ToolContext,
  enter: Enter,
): Promise<FinalToolCallState> {
  const found = ctx.tools.lookup(call.name);
  if ("missing" in found)
    return { call, origin, status: "refused", by: "input", output: found.missing };
  const { tool } = found;
  let plan: ToolPlan;
  try {
    plan = await tool.plan(toolInput(tool, call), tools);
  } catch (error) {
    return { call, origin, status: "refused", by: "input", output: failureOutput(call, error) };
  }
  enter({ call, origin, status: "planned", tool, plan });
  const judged = await gateStage(call, origin, tool, plan, ctx, enter);
  if ("refused" in judged) {
    tool.refused?.(plan, judged.why, tools);
    return { call, origin, status: "refused", by: "gate", output: judged.refused };
  }
  const approved: ApprovedPlan = { ...plan, verdict: judged };
  enter({ call, origin, status: "running", tool, plan: approved, attempt: "first" });
  const first = await runTool(call, tool, approved, tools);
  const { needs } = plan;
  const { approve } = ctx;
  const retry = first.sandboxDenied && approve && origin === "model" && !ctx.signal.aborted;
  if (!retry || needs.kind === "nothing") {
    return { call, origin, status: "done", output: first.output };
  }
  // the sandbox blocked it: ask to run it again without the sandbox (docs/config.md)
  const request = {
    ...approvalRequest(call.call_id, needs, ctx.agent),
    reason: "sandbox_denied" as const,
  };
  const again = await approve(request, () =>
    enter({ call, origin, status: "awaiting_approval", request }),
  );
  if (again.kind === "deny") {
    return { call, origin, status: "done", output: keptConfined(first.output, again) };
  }
  const unconfined: ApprovedPlan = { ...plan, verdict: escalated(judged) };
  enter({ call, origin, status: "running", tool, plan: unconfined, attempt: "escalated" });
  const second = await runTool(call, tool, unconfined, tools);
  return { call, origin, status: "done", output: second.output };
}

/**
 * The gate judges the plan: the person's own command and a plan that needs nothing run as they
 * are; else the gate's verdict (awaiting_approval while it asks), or a refusal.
 */
async function gateStage(
  call: ToolCallItem,
  origin: CallOrigin,
  tool: ToolDefinition,
  plan: ToolPlan,
  ctx: ToolCallContext,
  enter: Enter,
): Promise<Verdict | Refusal> {
  const { needs } = plan;
  if (origin === "person" || needs.kind === "nothing") return { mode: ctx.sandbox };
  if (!ctx.approve) return ungatedVerdict(tool.name, needs, ctx.sandbox);
  const request = approvalRequest(call.call_id, needs, ctx.agent);
  const decision = await ctx.approve(request, () =>
    enter({ call, origin, status: "awaiting_approval", request }),
  );
  return verdictOf(decision, ctx.sandbox);
}

/** One run; a throw becomes the output the model reads. */
async function runTool(
  call: ToolCallItem,
  tool: ToolDefinition,
  approved: ApprovedPlan,
  tools: ToolContext,
): Promise<ToolRun> {
  try {
    return await tool.run(approved, tools);
  } catch (error) {
    return { output: failureOutput(call, error) };
  }
}

/** A tool's expected failure says itself; anything else names the tool. */
function failureOutput(call: ToolCallItem, error: unknown): ToolOutput {
  if (error instanceof ToolError) return error.message;
  return `error: ${call.name} failed: ${errorMessage(error)}`;
}

/** What the tool's plan and run see of the turn; `onCommand` gets a finished command's output. */
function toolContext(
  call: ToolCallItem,
  ctx: ToolCallContext,
  onCommand: (output: string) => void,
): ToolContext {
  const { cwd, workspaceRoots, sandbox, signal } = ctx;
  const record = ctx.recordPatchIntent;
  return {
    callId: call.call_id,
    cwd,
    workspaceRoots,
    sandbox,
    signal,
    emit: (event) => {
      if (event.type === "command_finished") onCommand(event.aggregatedOutput);
      ctx.emit({ type: "tool", event });
    },
    warn: (message) => ctx.emit({ type: "warning", message }),
    ...(ctx.askUser ? { askUser: ctx.askUser } : {}),
    ...(record ? { recordPatchIntent: (intent) => record(call.call_id, intent) } : {}),
  };
}
