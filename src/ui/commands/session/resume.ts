import type { SlashCommand } from "../types.js";

export const resumeCommand: SlashCommand = {
  name: "resume",
  description: "continue a saved session of this directory (pick from a list)",
  allowedWhileBusy: false,
  run(ctx) {
    ctx.controller.sessions.openResumeList();
  },
};
