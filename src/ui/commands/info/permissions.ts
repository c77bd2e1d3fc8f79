import type { ListedRule } from "../../../tools/index.js";
import { describeRule } from "../../../tools/index.js";
import { type CommandContext, info, problem, type SlashCommand } from "../types.js";

/** One row per rule: number, what it says, where it is written, and whether it is honoured. */
function ruleRows(rules: readonly ListedRule[]): string[][] {
  return rules.map((rule, i) => [
    String(i + 1),
    describeRule(rule),
    `${rule.file}:${rule.line}`,
    rule.ignored ? "ignored: a project's rule may not allow" : (rule.justification ?? ""),
  ]);
}

function run(ctx: CommandContext) {
  const book = ctx.controller.session.rules?.();
  if (!book) {
    ctx.print(info("This session reads no rules."));
    return;
  }
  const removal = /^(?:remove|rm)\s+(\d+)$/.exec(ctx.args);
  if (ctx.args !== "" && !removal) {
    ctx.print(problem("usage: /permissions, or /permissions remove <number>"));
    return;
  }
  const rules = book.list();
  if (removal) {
    const rule = rules[Number(removal[1]) - 1];
    if (!rule) return ctx.print(problem(`there is no rule ${removal[1]}`));
    try {
      book.remove(rule);
      ctx.print(info(`removed: ${describeRule(rule)} (${rule.file}:${rule.line})`));
    } catch (error) {
      ctx.print(problem(`not removed: ${(error as Error).message}`));
    }
    return;
  }
  if (rules.length === 0) {
    ctx.print(info(`No rules. "Always" answers are saved to ${book.savedRulesFile}.`));
    return;
  }
  ctx.print({
    kind: "table",
    title: "Rules (/permissions remove <number> removes one of yours)",
    header: ["#", "rule", "file", "note"],
    rows: ruleRows(rules),
  });
}

const description = "Command rules on disk (.rules files): list them, remove one";

export const permissionsCommand: SlashCommand = {
  name: "permissions",
  description,
  args: "[remove <number>]",
  allowedWhileBusy: true,
  run,
};

export const rulesCommand: SlashCommand = { ...permissionsCommand, name: "rules" };
