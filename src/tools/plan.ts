import { z } from "zod";
import { defineFunctionTool } from "./registry.js";
import type { ToolDefinition } from "./types.js";

const PlanArgsSchema = z.object({
  explanation: z.string().optional().describe("Why the plan changed (optional)."),
  plan: z
    .array(
      z.object({
        step: z.string().describe("One short step."),
        status: z.enum(["pending", "in_progress", "completed"]),
      }),
    )
    .describe("The whole plan; at most one step in_progress."),
});

export function updatePlanTool(): ToolDefinition {
  return defineFunctionTool({
    name: "update_plan",
    description:
      "Record the task plan as a list of steps with their status (pending, in_progress, completed). Send the whole plan each time.",
    schema: PlanArgsSchema,
    async handler(args, ctx) {
      const plan = args.plan.map(({ step, status }) => ({ step, status }));
      ctx.emit({
        type: "plan_updated",
        callId: ctx.callId,
        ...(args.explanation !== undefined ? { explanation: args.explanation } : {}),
        plan,
      });
      return "Plan updated";
    },
  });
}
