import type { SlashCommand } from "../types.js";

export const forkCommand: SlashCommand = {
  name: "fork",
  description: "go on in a copy of this session (new id, same prompt cache); this one stays",
  allowedWhileBusy: false,
  async run(ctx) {
    await ctx.controller.sessions.fork();
  },
};
