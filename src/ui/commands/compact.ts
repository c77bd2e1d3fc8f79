import { info, type SlashCommand } from "./types.js";

export const compactCommand: SlashCommand = {
  name: "compact",
  description: "summarise the conversation, replace history with the summary (epoch reset)",
  allowedWhileBusy: false,
  async run(ctx) {
    ctx.print(info("Compacting the conversation…"));
    await ctx.runTurn(() => ctx.session.compact());
  },
};
