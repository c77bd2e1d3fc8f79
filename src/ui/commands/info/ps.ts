import { elapsedLabel } from "../../../text/index.js";
import { info, problem, type SlashCommand } from "../types.js";

const LAST_LINE_CHARS = 60;

/** `/ps`: the background terminals (command, age, cpu, last output line); `/ps N`: N's output. */
export const psCommand: SlashCommand = {
  name: "ps",
  description: "Background terminals: command, age, cpu, last output line; /ps N shows N's output",
  args: "[id]",
  allowedWhileBusy: true,
  async run(ctx) {
    const terminals = ctx.controller.session.terminals;
    if (ctx.args !== "") {
      const id = Number(ctx.args);
      const output = Number.isInteger(id) ? await terminals?.transcript(id) : undefined;
      if (output === undefined) ctx.print(problem(`No background terminal ${ctx.args}.`));
      else ctx.print(info(`Terminal ${id}:\n${output.trimEnd() || "(no output yet)"}`));
      return;
    }
    const running = terminals?.list() ?? [];
    if (running.length === 0) {
      ctx.print(info("No background terminals are running."));
      return;
    }
    ctx.print({
      kind: "table",
      title: "Background terminals (/ps N shows one's output, /stop N ends it)",
      header: ["id", "command", "age", "cpu", "last output"],
      rows: running.map((terminal) => [
        String(terminal.id),
        terminal.command,
        elapsedLabel(terminal.ageMs),
        `${terminal.cpuSeconds.toFixed(1)}s`,
        terminal.lastLine.trim().slice(0, LAST_LINE_CHARS),
      ]),
    });
  },
};
