import { runGit } from "../../../sandbox/index.js";
import { info, problem, type SlashCommand } from "../types.js";

/** Untracked files shown whole as additions; more are only listed. */
const SHOWN_UNTRACKED = 50;

type GitOptions = { cwd: string; hiddenHomes: readonly string[] };

/** An untracked file as a diff from nothing (`git diff --no-index` exits 1 when they differ). */
async function additionDiff(path: string, options: GitOptions): Promise<string> {
  const args = ["diff", "--no-color", "--no-index", "--", "/dev/null", path];
  const { stdout } = await runGit(args, { ...options, answerCodes: [1] });
  return stdout;
}

export const diffCommand: SlashCommand = {
  name: "diff",
  description: "git diff of the workspace (untracked files as additions)",
  allowedWhileBusy: true,
  async run(ctx) {
    try {
      const { cwd, hiddenHomes } = ctx.controller.launch;
      const options = { cwd, hiddenHomes };
      const [diff, untracked] = await Promise.all([
        runGit(["diff", "--no-color"], options),
        runGit(["ls-files", "--others", "--exclude-standard"], options),
      ]);
      const newFiles = untracked.stdout.split("\n").filter(Boolean);
      if (!diff.stdout.trim() && newFiles.length === 0) {
        ctx.print(info("No changes."));
        return;
      }
      const shown = newFiles.slice(0, SHOWN_UNTRACKED);
      const added = await Promise.all(shown.map((path) => additionDiff(path, options)));
      const text = [diff.stdout, ...added].filter((part) => part.trim()).join("");
      if (text.trim()) ctx.print({ kind: "diff", title: "git diff", text });
      const listed = newFiles.slice(SHOWN_UNTRACKED);
      if (listed.length > 0) {
        ctx.print({ kind: "info", title: "Untracked (not shown)", lines: listed });
      }
    } catch {
      ctx.print(problem("/diff needs a git repository (git diff failed here)."));
    }
  },
};
