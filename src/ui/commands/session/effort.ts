import type { SlashCommand } from "../types.js";

export const effortCommand: SlashCommand = {
  name: "effort",
  description: "set reasoning effort for the next request (no argument: pick from a list)",
  args: "[level]",
  allowedWhileBusy: true,
  run(ctx) {
    if (!ctx.args) ctx.controller.settings.openEffortPicker();
    else ctx.controller.settings.setEffort(ctx.args.toLowerCase());
  },
};
