import type { SlashCommand } from "../types.js";

export const modelCommand: SlashCommand = {
  name: "model",
  description: "set the model for the next request (no argument: pick a model and its effort)",
  args: "[name]",
  allowedWhileBusy: true,
  run(ctx) {
    if (!ctx.args) ctx.controller.settings.openModelPicker();
    else ctx.controller.settings.setModel(ctx.args);
  },
};
