import type { ToolCallItem } from "../../protocol/index.js";
import { type ToolOutput, toolOutputText } from "../../protocol/index.js";
/**
 * The pipeline's hook stages (docs/config.md, "Hooks"): PreToolUse before a model's call is
 * planned (block it, or ask the person), PostToolUse after it ran (its notes join the output).
 * Each hook runs through `SessionHooks.fire`, the one hook runner.
 */
import type { ToolCallHooks } from "../session-hooks.js";

/** The tool name hooks see and match (Codex's: the shell tool is `Bash`). */
function hookToolName(name: string): string {
  return name === "shell_command" ? "Bash" : name;
}

/** The tool input hooks see: `{command}` for the shell and apply_patch (as Codex gives them). */
function hookToolInput(call: ToolCallItem): Record<string, unknown> {
  if (call.type === "custom_tool_call") return { command: call.input };
  try {
    const args = JSON.parse(call.arguments) as Record<string, unknown>;
    return call.name === "shell_command" ? { command: args.command } : args;
  } catch {
    return { arguments: call.arguments };
  }
}

/** The fields every tool hook of this call gets. */
function hookFields(call: ToolCallItem, hooks: ToolCallHooks) {
  return {
    turn_id: hooks.currentTurnId,
    tool_name: hookToolName(call.name),
    tool_input: hookToolInput(call),
    tool_use_id: call.call_id,
  };
}

/** What PreToolUse said: go on, refuse (`blocked`: what the model reads), or ask the person. */
type PreToolUseVerdict =
  | { go: true }
  | { blocked: string }
  | { ask: string; command: string; deniedOutput: string };

export async function preToolUse(
  call: ToolCallItem,
  hooks: ToolCallHooks,
  signal: AbortSignal,
): Promise<PreToolUseVerdict> {
  const fields = hookFields(call, hooks);
  const pre = await hooks.fire("PreToolUse", fields, signal, fields.tool_name);
  const input = fields.tool_input;
  const command = typeof input.command === "string" ? input.command : undefined;
  if (pre.block) {
    const shown = command !== undefined ? `. Command: ${command}` : "";
    return { blocked: `Command blocked by PreToolUse hook: ${pre.block}${shown}` };
  }
  if (!pre.ask) return { go: true };
  return {
    ask: pre.ask,
    command: command ?? `${call.name} ${JSON.stringify(input)}`,
    deniedOutput: `denied: a PreToolUse hook asked for approval (${pre.ask}) and it was not given`,
  };
}

/**
 * PostToolUse with what the tool returned (`raw`: a command's whole output, else the output's
 * text); a block reason and added contexts follow a text output.
 */
export async function postToolUse(
  call: ToolCallItem,
  hooks: ToolCallHooks,
  output: ToolOutput,
  raw: string | undefined,
  signal: AbortSignal,
): Promise<ToolOutput> {
  const fields = hookFields(call, hooks);
  const response = raw ?? toolOutputText(output);
  const post = await hooks.fire(
    "PostToolUse",
    { ...fields, tool_response: response },
    signal,
    fields.tool_name,
  );
  const added = [...(post.block ? [`PostToolUse hook: ${post.block}`] : []), ...post.contexts];
  if (added.length === 0 || typeof output !== "string") return output;
  return [output, ...added].join("\n\n");
}
