import { info, type SlashCommand } from "../types.js";

export const compactCommand: SlashCommand = {
  name: "compact",
  description:
    "compact the conversation: the server's compaction item or a summary replaces history (epoch reset)",
  allowedWhileBusy: false,
  async run(ctx) {
    const compact = async () => {
      ctx.print(info("Compacting the conversation…"));
      // The session's `compacted` event says how it went, once, after the summary.
      await ctx.controller.runOperation((s) => s.compact());
    };
    // asked first when it is predicted to cost more than the minimum (docs/config.md, "Prices")
    await ctx.controller.costs.ask("/compact", { compaction: true }, compact, () =>
      ctx.print(info("Not compacted.")),
    );
  },
};
