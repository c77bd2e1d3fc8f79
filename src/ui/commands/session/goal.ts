import { type GoalArguments, parseGoalArguments } from "../../../launch/index.js";
import { GOAL_STATUS_LABELS, goalSummaryLines } from "../../../session/index.js";
import { printable } from "../../../text/index.js";
import { type CommandContext, info, problem, type SlashCommand } from "../types.js";

const USAGE =
  "/goal TEXT sets a goal: turns follow until the model reports it met. Budgets go before TEXT: --tokens 50k, --usd 2, --plan 5 (points of the 5h window), --minutes 30, --turns 10 (none: no such budget). /goal pause, /goal resume [budgets], /goal clear.";

/**
 * `/goal` (docs/config.md, "Goals"): alone, the goal with its state, turns and spend against
 * its budgets; `/goal [budgets] TEXT` sets one and starts its turns; `pause`, `resume
 * [budgets]` and `clear` act on it. Allowed while a turn runs: `pause` and `clear` take effect
 * when it ends, and a new goal waits for it.
 */
export const goalCommand: SlashCommand = {
  name: "goal",
  description: "work on a goal turn after turn, within budgets: /goal TEXT, pause, resume, clear",
  args: "[--tokens N …] [TEXT | pause | resume | clear]",
  allowedWhileBusy: true,
  run(ctx) {
    const { args } = ctx;
    const [word = "", ...rest] = args.split(/\s+/);
    if (args === "") return show(ctx);
    if ((word === "pause" || word === "clear") && rest.length === 0) return control(ctx, word);
    if (word === "resume") {
      // `/goal resume the migration` is a goal's text; `/goal resume --tokens 100k` is not
      const parsed = parseGoalArguments(rest.join(" "));
      if (parsed instanceof Error || parsed.objective === "") return resume(ctx, parsed);
    }
    return set(ctx, args);
  },
};

function show(ctx: CommandContext): void {
  const goal = ctx.controller.session.goal?.current();
  if (!goal) {
    ctx.print(info(`No goal. ${USAGE}`));
    return;
  }
  const usd = ctx.controller.store.getState().status.costDisplay !== "plan";
  ctx.print({ kind: "info", title: "Goal", lines: goalSummaryLines(goal, { usd }).map(printable) });
}

function control(ctx: CommandContext, word: "pause" | "clear"): void {
  const goals = ctx.controller.session.goal;
  const goal = goals?.current();
  if (!goals || !goal) {
    ctx.print(info("No goal to pause or clear."));
    return;
  }
  if (word === "clear") {
    goals.clear();
    return;
  }
  if (goal.status !== "active") {
    ctx.print(info(`The goal is ${GOAL_STATUS_LABELS[goal.status]} already.`));
    return;
  }
  goals.pause();
  if (ctx.controller.busy) ctx.print(info("The turn running now ends as it would; none follows."));
}

function resume(ctx: CommandContext, parsed: GoalArguments | Error): void {
  const goals = ctx.controller.session.goal;
  const goal = goals?.current();
  if (!goals || !goal) {
    ctx.print(info(`No goal to resume. ${USAGE}`));
    return;
  }
  if (parsed instanceof Error) {
    ctx.print(problem(`/goal resume: ${parsed.message}`));
    return;
  }
  if (goal.status === "complete") {
    ctx.print(info("The goal is met already: /goal TEXT sets another."));
    return;
  }
  if (goal.status === "active" && Object.keys(parsed.budgets).length === 0) {
    ctx.print(info("The goal is active already."));
    return;
  }
  goals.resume(parsed.budgets);
  ctx.controller.continueGoal();
}

function set(ctx: CommandContext, args: string): void {
  const goals = ctx.controller.session.goal;
  if (!goals) {
    ctx.print(problem("This session cannot hold a goal."));
    return;
  }
  const parsed = parseGoalArguments(args);
  if (parsed instanceof Error) {
    ctx.print(problem(`/goal: ${parsed.message}`));
    return;
  }
  if (parsed.objective === "") {
    ctx.print(problem(`/goal: the goal's text is missing. ${USAGE}`));
    return;
  }
  if (ctx.controller.busy) {
    ctx.print(problem("/goal TEXT waits for the turn to finish: try again after it."));
    return;
  }
  const before = goals.current();
  if (before && before.status !== "complete") {
    ctx.print(info(`The earlier goal (${GOAL_STATUS_LABELS[before.status]}) is replaced.`));
  }
  goals.set(parsed.objective, parsed.budgets);
  ctx.controller.continueGoal();
}
