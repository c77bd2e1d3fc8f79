import type { SlashCommand } from "../types.js";

export const newCommand: SlashCommand = {
  name: "new",
  description: "start a fresh session",
  allowedWhileBusy: false,
  async run(ctx) {
    await ctx.controller.sessions.openNew();
  },
};
