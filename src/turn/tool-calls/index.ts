/**
 * The tool-call pipeline: the one owner of a tool call, from the model's call item to its
 * output in history. Read it top-down:
 *
 * - state.ts — where a call is: one tagged union (received → pre_tool_use → planned →
 *   awaiting_approval → running → done | refused | aborted) and its pure transitions (the
 *   approval request a plan makes, the gate's answer as a verdict, the escalated retry).
 * - pipeline.ts — the driver: `runToolCalls` (the turn loop's one call) takes each call
 *   through the stages — PreToolUse hooks, the tool's `plan` (src/tools: what it needs), the
 *   approval gate (src/tools/approval), the tool's `run` (commands: src/tools/command-launcher
 *   into the sandbox), a sandbox denial's unconfined retry, PostToolUse hooks — then keeps and
 *   freezes its output. Every state is announced as a `tool_call_state` session event.
 * - hook-stage.ts — what PreToolUse and PostToolUse hooks see and say.
 */
export type { ToolCallHooks } from "../session-hooks.js";
export { runToolCall, runToolCalls, skippedOutputs, type ToolCallContext } from "./pipeline.js";
