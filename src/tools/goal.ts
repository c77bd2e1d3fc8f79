import { z } from "zod";
import { UPDATE_GOAL_TOOL } from "../protocol/index.js";
import { defineFunctionTool } from "./registry.js";
import type { ToolDefinition } from "./types.js";

/** What the model may say of a goal: met, or blocked (pause, resume and budgets are not its). */
export type GoalReport = "complete" | "blocked";

/** Where update_goal's reports go: the session that owns the goal answers what the model reads. */
export interface GoalReports {
  report(callId: string, status: GoalReport, reason: string | undefined): string;
}

const UpdateGoalArgs = z.object({
  status: z
    .enum(["complete", "blocked"])
    .describe(
      '"complete": the objective is achieved and no required work is left. "blocked": you cannot make progress without the person or a change outside your reach.',
    ),
  reason: z.string().optional().describe("One line: what shows it is met, or what blocks it."),
});

/**
 * update_goal (the Codex CLI's name and `status` values, plus a one-line `reason`): the model
 * reports the session's goal met or blocked. It is offered in every request of a session that
 * can hold a goal, goal or not, so setting or ending a goal never changes the request's tools.
 */
export function updateGoalTool(goals: GoalReports): ToolDefinition {
  return defineFunctionTool({
    name: UPDATE_GOAL_TOOL,
    description:
      'Report the session\'s goal met or blocked. Use status "complete" only once the objective is achieved and nothing required is left (not because a budget is nearly spent); use "blocked" only when you cannot make progress without the person or an outside change. Pausing, resuming and budgets are for the person and the system, not for this tool. Without an active goal it changes nothing.',
    schema: UpdateGoalArgs,
    async handler(args, ctx) {
      const reason = args.reason?.trim().split("\n", 1)[0];
      return goals.report(ctx.callId, args.status, reason || undefined);
    },
  });
}
