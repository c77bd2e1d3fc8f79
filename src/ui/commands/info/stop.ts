import { info, problem, type SlashCommand } from "../types.js";

/** `/stop N` ends background terminal N; `/stop` or `/stop all` ends every one. */
export const stopCommand: SlashCommand = {
  name: "stop",
  description: "End a background terminal (/stop N) or all of them (/stop, /stop all)",
  args: "[id|all]",
  allowedWhileBusy: true,
  async run(ctx) {
    const terminals = ctx.controller.session.terminals;
    if (ctx.args === "" || ctx.args === "all") {
      const stopped = (await terminals?.stopAll()) ?? 0;
      const what = stopped === 1 ? "1 background terminal" : `${stopped} background terminals`;
      ctx.print(info(stopped === 0 ? "No background terminals are running." : `Stopped ${what}.`));
      return;
    }
    const id = Number(ctx.args);
    const stopped = Number.isInteger(id) && (await terminals?.stop(id));
    ctx.print(
      stopped
        ? info(`Stopped background terminal ${id}.`)
        : problem(`No background terminal ${ctx.args} is running.`),
    );
  },
};
