import type { SlashCommand } from "../types.js";

export const rewindCommand: SlashCommand = {
  name: "rewind",
  description: "rewind the code, the conversation or both to before an earlier message",
  allowedWhileBusy: false,
  run(ctx) {
    ctx.controller.rewinds.open();
  },
};
