import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { sessionsDir } from "../../session/sessions-dir.js";
import { writePrivateText } from "../clipboard.js";
import { conversationMarkdown } from "../transcript/markdown-export.js";
import { info, problem, type SlashCommand } from "./types.js";

/** `~/x` and relative paths as a shell would read them, from the session's directory. */
function exportPath(args: string, cwd: string, fallback: string): string {
  if (args === "") return fallback;
  const path = args.startsWith("~/") ? join(homedir(), args.slice(2)) : args;
  return resolve(cwd, path);
}

/** `/export [PATH]`: the conversation as Markdown, by default beside the session file. */
export const exportCommand: SlashCommand = {
  name: "export",
  description: "write the conversation as Markdown (default: beside the session file)",
  args: "[path]",
  allowedWhileBusy: true,
  run(ctx) {
    const { session, launch } = ctx.controller;
    const status = session.status();
    const fallback = join(sessionsDir(launch.home), `${session.id}.md`);
    const path = exportPath(ctx.args, launch.cwd, fallback);
    const markdown = conversationMarkdown(session.history(), {
      sessionId: session.id,
      cwd: launch.cwd,
      model: status.model,
      ...(status.effort ? { effort: status.effort } : {}),
      exportedAt: new Date(),
    });
    try {
      writePrivateText(path, markdown);
    } catch (error) {
      return ctx.print(problem(`could not write ${path}: ${(error as Error).message}`));
    }
    ctx.print(info(`Wrote the conversation to ${path}`));
  },
};
