import { info, type SlashCommand } from "./types.js";

export const compactCommand: SlashCommand = {
  name: "compact",
  description:
    "compact the conversation: the server's compaction item or a summary replaces history (epoch reset)",
  allowedWhileBusy: false,
  async run(ctx) {
    ctx.print(info("Compacting the conversation…"));
    // The session's `compacted` event says how it went, once, after the summary.
    await ctx.controller.runOperation((s) => s.compact());
  },
};
