import { z } from "zod";
import { defineCustomTool, defineFunctionTool, ToolRegistry } from "../../src/tools/registry.js";

/**
 * A small real tool table for turn-loop tests: `echo` returns its text, `abort_turn` pulls
 * the plug on the turn it runs in, and a custom `apply_patch` records its streamed input.
 */
export class EchoRouter extends ToolRegistry {
  readonly executed: string[] = [];
  readonly streamed: string[] = [];
  finishedBeforeRun: boolean[] = [];
  private finished = false;

  constructor(abortTurn?: () => void) {
    super();
    this.register(
      defineFunctionTool({
        name: "echo",
        description: "Echo text.",
        schema: z.object({ text: z.string().optional() }),
        handler: async (args, ctx) => {
          this.executed.push("echo");
          ctx.emit({
            type: "command_started",
            callId: ctx.callId,
            command: "echo",
            workdir: ctx.cwd,
          });
          return `echo: ${args.text ?? ""}`;
        },
      }),
    );
    this.register(
      defineFunctionTool({
        name: "abort_turn",
        description: "Interrupt.",
        schema: z.object({}),
        handler: async () => {
          this.executed.push("abort_turn");
          abortTurn?.();
          return "interrupting";
        },
      }),
    );
    this.register(
      defineCustomTool({
        name: "apply_patch",
        description: "Record a patch.",
        handler: async (input) => {
          this.executed.push("apply_patch");
          this.finishedBeforeRun.push(this.finished);
          return `Success. Updated the following files:\nA ${input.split("\n")[1]?.slice(14)}`;
        },
        createDiffConsumer: () => {
          this.finished = false;
          return {
            push: (delta) => this.streamed.push(delta),
            finish: () => {
              this.finished = true;
            },
          };
        },
      }),
    );
  }
}
