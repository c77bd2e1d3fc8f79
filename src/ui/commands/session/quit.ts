import type { SlashCommand } from "../types.js";

export const quitCommand: SlashCommand = {
  name: "quit",
  description: "leave mini-codex",
  allowedWhileBusy: true,
  run(ctx) {
    ctx.controller.quit();
  },
};
