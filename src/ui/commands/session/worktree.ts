// `/worktree`: the repository's worktrees with their sessions, and removing a finished one.
import {
  heldWork,
  type ListedWorktree,
  listWorktrees,
  type RemovalAction,
  removalQuestion,
  removalTarget,
  removeWorktree,
} from "../../../launch/index.js";
import { errorMessage } from "../../../protocol/index.js";
import { type CommandContext, info, problem, type SlashCommand } from "../types.js";

/** What removing it would lose, or why it needs nothing. */
function stateOf(worktree: ListedWorktree): string {
  if (worktree.main) return "main checkout";
  if (worktree.prunable) return "folder gone (remove prunes its record)";
  const held = heldWork(worktree);
  return `${held.length > 0 ? held.join(", ") : "clean, merged"}${worktree.locked ? ", locked" : ""}`;
}

/**
 * A worktree's lines: its folder (› and "this session" for the current one), its branch and
 * state, the saved sessions in it.
 */
function worktreeLines(worktree: ListedWorktree): string[] {
  const { sessions } = worktree;
  const branch = worktree.branch ? `branch ${worktree.branch}` : "detached HEAD";
  return [
    `${worktree.current ? "›" : " "} ${worktree.path}${worktree.current ? "  (this session)" : ""}`,
    `    ${branch} · ${stateOf(worktree)}`,
    `    ${sessions.length === 0 ? "no saved session" : `${sessions.length === 1 ? "session" : "sessions"} ${sessions.join(" ")}`}`,
  ];
}

async function listed(ctx: CommandContext): Promise<ListedWorktree[] | undefined> {
  const { launch } = ctx.controller;
  try {
    return await listWorktrees(launch.cwd, launch.listSessions?.(true) ?? []);
  } catch (error) {
    ctx.print(problem(`no worktrees to show: ${errorMessage(error)}`));
    return undefined;
  }
}

/** Remove it, after the question when it holds work the removal would lose. */
function removeOne(ctx: CommandContext, worktree: ListedWorktree, main: string): void {
  const run = async (action?: Exclude<RemovalAction, "keep">) => {
    try {
      ctx.print(info(`${(await removeWorktree(worktree, main, action)).join("; ")}.`));
    } catch (error) {
      ctx.print(problem(errorMessage(error)));
    }
  };
  const question = removalQuestion(worktree);
  if (!question) return void run();
  const kept = () => ctx.print(info(`Kept ${worktree.path}: nothing removed.`));
  const [keep] = question.answers;
  ctx.controller.openPicker({
    title: question.title,
    options: question.answers.map((answer) => answer.text),
    ...(keep ? { initial: keep.text } : {}),
    numbered: true,
    onPick: (text) => {
      const action = question.answers.find((answer) => answer.text === text)?.action;
      if (action === undefined || action === "keep") kept();
      else void run(action);
    },
    onCancel: kept,
  });
}

/** `/worktree remove [NAME]`: the one named, else picked from those that can be removed. */
async function remove(ctx: CommandContext, word: string): Promise<void> {
  const worktrees = await listed(ctx);
  const main = worktrees?.find((w) => w.main)?.path;
  if (!worktrees || !main) return;
  const { cwd } = ctx.controller.launch;
  if (word !== "") {
    const target = removalTarget(worktrees, word, cwd);
    if ("problem" in target) return ctx.print(problem(target.problem));
    return removeOne(ctx, target.worktree, main);
  }
  const removable = worktrees.filter((w) => "worktree" in removalTarget(worktrees, w.path, cwd));
  if (removable.length === 0)
    return ctx.print(info("No worktree to remove (/worktree lists them)."));
  ctx.controller.openPicker({
    title: "Remove which worktree?",
    options: removable.map((w) => w.path),
    details: Object.fromEntries(removable.map((w) => [w.path, stateOf(w)])),
    onPick: (path) => {
      const worktree = removable.find((w) => w.path === path);
      if (worktree) removeOne(ctx, worktree, main);
    },
  });
}

/**
 * `/worktree`: the repository's worktrees with the sessions that work in them (this one
 * marked); `/worktree remove [NAME]` removes a finished one, asking first when that would lose
 * uncommitted changes or unmerged commits (docs/config.md, "Worktrees").
 */
export const worktreeCommand: SlashCommand = {
  name: "worktree",
  description: "The repository's worktrees and their sessions; /worktree remove [name] removes one",
  args: "[remove [name]]",
  allowedWhileBusy: true,
  async run(ctx) {
    const removal = /^(?:remove|rm)(?:\s+(.+))?$/.exec(ctx.args);
    if (ctx.args !== "" && !removal) {
      return ctx.print(problem("usage: /worktree, or /worktree remove [name]"));
    }
    if (removal) return remove(ctx, removal[1]?.trim() ?? "");
    const worktrees = await listed(ctx);
    if (!worktrees) return;
    ctx.print({
      kind: "info",
      title: `Worktrees of ${worktrees[0]?.path ?? ctx.controller.launch.cwd} (/worktree remove [name] removes one)`,
      lines: worktrees.flatMap(worktreeLines),
    });
  },
};
