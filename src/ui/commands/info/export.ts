import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { sessionsDir } from "../../../session/index.js";
import { writePrivateText } from "../../clipboard.js";
import { conversationMarkdown } from "../../model/index.js";
import { type CommandContext, info, problem, type SlashCommand } from "../types.js";

/** `~/x` and relative paths as a shell would read them, from the session's directory. */
function exportPath(args: string, cwd: string, fallback: string): string {
  if (args === "") return fallback;
  const path = args.startsWith("~/") ? join(homedir(), args.slice(2)) : args;
  return resolve(cwd, path);
}

const KEEP = "No, keep it (nothing is written)";
const REPLACE = "Yes, replace it with this conversation";

/**
 * A file the person named that is already there is replaced only once they say so: asked in a
 * list whose safe answer ("No, keep it") is highlighted; Esc keeps it too. The conversation is
 * the one at the time of `/export`.
 */
function askBeforeReplacing(ctx: CommandContext, path: string, write: () => void): void {
  const keep = () =>
    ctx.print(
      info(
        `Kept ${path}: nothing written. To replace it, /export ${ctx.args} again and answer "Yes"; or name another file.`,
      ),
    );
  ctx.controller.openPicker({
    title: `${path} already exists. Replace it?`,
    options: [KEEP, REPLACE],
    initial: KEEP,
    numbered: true,
    onPick: (choice) => (choice === REPLACE ? write() : keep()),
    onCancel: keep,
  });
}

/**
 * `/export [PATH]`: the conversation as Markdown, by default beside the session file (that
 * file, the session's own, is updated in place); a PATH that exists is replaced only if the
 * person says so.
 */
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
    const write = () => {
      try {
        writePrivateText(path, markdown);
      } catch (error) {
        return ctx.print(problem(`could not write ${path}: ${(error as Error).message}`));
      }
      ctx.print(info(`Wrote the conversation to ${path}`));
    };
    if (path !== fallback && existsSync(path)) askBeforeReplacing(ctx, path, write);
    else write();
  },
};
