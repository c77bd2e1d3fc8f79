import { join } from "node:path";
import { sessionsDir } from "../../../session/index.js";
import { copyRoute, osc52, type TerminalOut, writePrivateText } from "../../clipboard.js";
import { lastAnswer } from "../../model/index.js";
import { info, problem, type SlashCommand } from "../types.js";

const WHY = {
  "not a terminal": "the output is not a terminal",
  "too long": "it is too long for the terminal's clipboard sequence",
  asked: "as asked",
} as const;

/** `/copy [file]`: the last answer to the clipboard (OSC 52), or to a file whose path is printed. */
export function copyCommand(terminal: () => TerminalOut = () => process.stdout): SlashCommand {
  return {
    name: "copy",
    description: "copy the last answer to the clipboard (OSC 52; `file`: to a file)",
    args: "[file]",
    allowedWhileBusy: true,
    run(ctx) {
      if (ctx.args !== "" && ctx.args !== "file") return ctx.print(problem("usage: /copy [file]"));
      const { session, launch } = ctx.controller;
      const answer = lastAnswer(session.history());
      if (answer === undefined) return ctx.print(info("There is no answer to copy yet."));
      const out = terminal();
      const route = copyRoute(answer, out, ctx.args === "file");
      const size = `${answer.length} characters`;
      if (route.via === "osc52") {
        out.write(osc52(answer));
        const tmux = process.env.TMUX ? " (in tmux: set -g set-clipboard on)" : "";
        return ctx.print(
          info(
            `Sent the last answer (${size}) to the clipboard through the terminal (OSC 52); a terminal that does not allow it${tmux} ignores it: /copy file writes it to a file.`,
          ),
        );
      }
      const path = join(sessionsDir(launch.home), `${session.id}.last-answer.md`);
      try {
        writePrivateText(path, `${answer}\n`);
      } catch (error) {
        return ctx.print(problem(`could not write ${path}: ${(error as Error).message}`));
      }
      ctx.print(info(`Wrote the last answer (${size}) to ${path} (${WHY[route.why]}).`));
    },
  };
}
