import type { ToolCallItem } from "../protocol/items.js";
import { type ToolOutput, toolOutputText } from "../protocol/tool-output.js";
import type { ApprovalDecision, ApprovalRequest, ToolContext, ToolRouter } from "../tools/types.js";
import type { SessionHooks } from "./session-hooks.js";

/** The tool name hooks see and match (Codex's: the shell tool is `Bash`). */
export function hookToolName(name: string): string {
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

/** The person's answer when a PreToolUse hook says "ask" (nobody to ask: refused). */
async function askPerson(
  call: ToolCallItem,
  input: Record<string, unknown>,
  ctx: ToolContext,
  person: ((request: ApprovalRequest) => Promise<ApprovalDecision>) | undefined,
): Promise<boolean> {
  if (!person) return false;
  const command =
    typeof input.command === "string" ? input.command : `${call.name} ${JSON.stringify(input)}`;
  const request: ApprovalRequest = {
    kind: "command",
    callId: call.call_id,
    command,
    workdir: ctx.cwd,
    suggestedPrefix: [],
  };
  return (await person(request)).kind !== "deny";
}

/**
 * The router with PreToolUse before each call (block, or ask the person) and PostToolUse after
 * it (with what the tool returned); everything else passes through.
 */
export function hookedTools(
  tools: ToolRouter,
  hooks: SessionHooks,
  person?: (request: ApprovalRequest) => Promise<ApprovalDecision>,
): ToolRouter {
  if (!hooks.has("PreToolUse") && !hooks.has("PostToolUse")) return tools;
  return {
    specs: () => tools.specs(),
    createDiffConsumer: (call, emit) => tools.createDiffConsumer(call, emit),
    async execute(call, ctx): Promise<ToolOutput> {
      const toolName = hookToolName(call.name);
      const toolInput = hookToolInput(call);
      const fields = {
        turn_id: hooks.currentTurnId,
        tool_name: toolName,
        tool_input: toolInput,
        tool_use_id: call.call_id,
      };
      const pre = await hooks.fire("PreToolUse", fields, ctx.signal, toolName);
      if (pre.block) {
        const shown =
          typeof toolInput.command === "string" ? `. Command: ${toolInput.command}` : "";
        return `Command blocked by PreToolUse hook: ${pre.block}${shown}`;
      }
      if (pre.ask && !(await askPerson(call, toolInput, ctx, person))) {
        return `denied: a PreToolUse hook asked for approval (${pre.ask}) and it was not given`;
      }
      let raw: string | undefined;
      const output = await tools.execute(call, {
        ...ctx,
        emit: (event) => {
          if (event.type === "command_finished") raw = event.aggregatedOutput;
          ctx.emit(event);
        },
      });
      const response = raw ?? toolOutputText(output);
      const post = await hooks.fire(
        "PostToolUse",
        { ...fields, tool_response: response },
        ctx.signal,
        toolName,
      );
      const added = [...(post.block ? [`PostToolUse hook: ${post.block}`] : []), ...post.contexts];
      if (added.length === 0 || typeof output !== "string") return output;
      return [output, ...added].join("\n\n");
    },
  };
}
