import { info, type SlashCommand } from "./types.js";

export const modelCommand: SlashCommand = {
  name: "model",
  description: "show or set the model for the next request",
  args: "[name]",
  allowedWhileBusy: true,
  run(ctx) {
    if (!ctx.args) {
      ctx.print(info(`Model: ${ctx.session.status().model}`));
      return;
    }
    ctx.session.update({ model: ctx.args });
    ctx.print(info(`Model: ${ctx.args} (applies to the next request).`));
  },
};
