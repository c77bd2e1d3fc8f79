import { info, type SlashCommand } from "./types.js";

export const compactCommand: SlashCommand = {
  name: "compact",
  description: "summarise the conversation, replace history with the summary (epoch reset)",
  allowedWhileBusy: false,
  async run(ctx) {
    ctx.print(info("Compacting the conversation…"));
    const ok = await ctx.controller.runOperation((s) => s.compact());
    if (ok)
      ctx.print(info("Conversation compacted: history replaced by the summary (new chain epoch)."));
  },
};
