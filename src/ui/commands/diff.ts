import { runGit } from "../../sandbox/own-git.js";
import { info, problem, type SlashCommand } from "./types.js";

export const diffCommand: SlashCommand = {
  name: "diff",
  description: "git diff of the workspace (untracked files listed)",
  allowedWhileBusy: true,
  async run(ctx) {
    try {
      const { cwd, home } = ctx.controller.launch;
      const options = { cwd, miniCodexHome: home };
      const [diff, untracked] = await Promise.all([
        runGit(["diff", "--no-color"], options),
        runGit(["ls-files", "--others", "--exclude-standard"], options),
      ]);
      const newFiles = untracked.stdout.split("\n").filter(Boolean);
      if (!diff.stdout.trim() && newFiles.length === 0) {
        ctx.print(info("No changes."));
        return;
      }
      if (diff.stdout.trim()) ctx.print({ kind: "diff", title: "git diff", text: diff.stdout });
      if (newFiles.length > 0) ctx.print({ kind: "info", title: "Untracked", lines: newFiles });
    } catch {
      ctx.print(problem("/diff needs a git repository (git diff failed here)."));
    }
  },
};
