import { reasoningEffortSchema } from "../../protocol/request.js";
import { info, problem, type SlashCommand } from "./types.js";

export const effortCommand: SlashCommand = {
  name: "effort",
  description: "set reasoning effort for the next request (no argument: pick from a list)",
  args: "[level]",
  allowedWhileBusy: true,
  run(ctx) {
    if (!ctx.args) {
      ctx.openEffortPicker();
      return;
    }
    const level = reasoningEffortSchema().safeParse(ctx.args.toLowerCase());
    if (!level.success) {
      ctx.print(
        problem(
          `Unknown effort "${ctx.args}". Use one of: ${reasoningEffortSchema().options.join(", ")}.`,
        ),
      );
      return;
    }
    ctx.session.update({ effort: level.data });
    ctx.print(info(`Reasoning effort: ${level.data} (applies to the next request).`));
  },
};
