import type { ToolCallItem } from "../../src/protocol/items.js";
import type { ToolSpec } from "../../src/protocol/request.js";
import type { DiffConsumer, ToolContext, ToolEvent, ToolRouter } from "../../src/tools/types.js";

/**
 * A small real tool router for turn-loop tests: `echo` returns its text, `abort_turn` pulls
 * the plug on the turn it runs in, and a custom `apply_patch` records its streamed input.
 */
export class EchoRouter implements ToolRouter {
  readonly executed: string[] = [];
  readonly streamed: string[] = [];
  finishedBeforeRun: boolean[] = [];
  private finished = false;

  constructor(private readonly abortTurn?: () => void) {}

  specs(): ToolSpec[] {
    return [
      {
        type: "function",
        name: "echo",
        description: "Echo text.",
        strict: false,
        parameters: { type: "object", properties: { text: { type: "string" } } },
      },
      {
        type: "function",
        name: "abort_turn",
        description: "Interrupt.",
        strict: false,
        parameters: { type: "object", properties: {} },
      },
      { type: "custom", name: "apply_patch", description: "Record a patch." },
    ];
  }

  async execute(call: ToolCallItem, ctx: ToolContext): Promise<string> {
    this.executed.push(call.name);
    if (call.name === "abort_turn") {
      this.abortTurn?.();
      return "interrupting";
    }
    if (call.type === "custom_tool_call") {
      this.finishedBeforeRun.push(this.finished);
      return `Success. Updated the following files:\nA ${call.input.split("\n")[1]?.slice(14)}`;
    }
    ctx.emit({ type: "command_started", callId: call.call_id, command: "echo", workdir: ctx.cwd });
    const args = JSON.parse(call.arguments) as { text?: string };
    return `echo: ${args.text ?? ""}`;
  }

  createDiffConsumer(
    call: { type: string; name: string; call_id: string },
    _emit: (event: ToolEvent) => void,
  ): DiffConsumer | undefined {
    if (call.type !== "custom_tool_call" || call.name !== "apply_patch") return undefined;
    this.finished = false;
    return {
      push: (delta) => this.streamed.push(delta),
      finish: () => {
        this.finished = true;
      },
    };
  }
}
