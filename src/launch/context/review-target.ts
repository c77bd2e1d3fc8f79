import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { runGit } from "../../sandbox/index.js";

// What a review looks at (`/review`, `mini-codex exec review`): the uncommitted changes, the
// changes since the merge base with a branch, or one commit; as a unified diff read with
// mini-codex's own confined git (sandbox/own-git.ts).

const DIFF_OPTIONS = ["--no-color"];

/** git's output, or an error with git's own message (not the sandbox's command line). */
async function readGit(args: string[], options: { cwd: string; hiddenHomes?: readonly string[] }) {
  try {
    return (await runGit(args, { ...options, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    throw new Error(String(stderr ?? "").trim() || `git ${args[0]} failed`);
  }
}

export type ReviewTarget =
  | { kind: "uncommitted" }
  | { kind: "base"; branch: string }
  | { kind: "commit"; sha: string };

/** `/review` (the TUI and the ACP agent), `/review base BRANCH`, `/review commit SHA`; words after the target add instructions. */
export function parseReviewArgs(args: string): { target: ReviewTarget; extra: string } | string {
  const [word = "", value = "", ...rest] = args.split(/\s+/).filter(Boolean);
  if (word === "" || word === "uncommitted") {
    return { target: { kind: "uncommitted" }, extra: args.replace(/^\s*uncommitted\b/, "").trim() };
  }
  if ((word === "base" || word === "commit") && value && !value.startsWith("-")) {
    const target: ReviewTarget =
      word === "base" ? { kind: "base", branch: value } : { kind: "commit", sha: value };
    return { target, extra: rest.join(" ") };
  }
  return "Usage: /review [uncommitted | base BRANCH | commit SHA] [instructions]";
}

export interface ReviewDiff {
  /** The repository root (diff paths are relative to it). */
  root: string;
  /** e.g. "the uncommitted changes" */
  description: string;
  diff: string;
  /** The diff was longer than the cap and was cut. */
  cut: boolean;
}

/** The most diff text a review prompt carries. */
const MAX_REVIEW_DIFF_CHARS = 200_000;
const MAX_UNTRACKED_FILE_BYTES = 64 * 1024;

/** An untracked file as a diff that adds it (binary and large files named only). */
function untrackedDiff(root: string, path: string): string {
  const full = join(root, path);
  try {
    const size = statSync(full).size;
    const data = readFileSync(full);
    if (size > MAX_UNTRACKED_FILE_BYTES || data.includes(0)) {
      return `diff --git a/${path} b/${path}\nnew file (untracked, ${size} bytes, not shown)\n`;
    }
    const lines = data.toString("utf8").replace(/\n$/, "").split("\n");
    const hunk = `@@ -0,0 +1,${lines.length} @@\n${lines.map((line) => `+${line}`).join("\n")}`;
    return `diff --git a/${path} b/${path}\nnew file (untracked)\n--- /dev/null\n+++ b/${path}\n${hunk}\n`;
  } catch {
    return "";
  }
}

async function uncommitted(git: (args: string[]) => Promise<string>, root: string) {
  const hasHead = await git(["rev-parse", "--verify", "--quiet", "HEAD"]).then(
    () => true,
    () => false,
  );
  const tracked = await git(["diff", ...DIFF_OPTIONS, ...(hasHead ? ["HEAD"] : ["--cached"])]);
  const untracked = (await git(["ls-files", "--others", "--exclude-standard", "-z"]))
    .split("\0")
    .filter(Boolean);
  return tracked + untracked.map((path) => untrackedDiff(root, path)).join("");
}

/** The diff a review target names; git's own message when it cannot be read. */
export async function reviewDiff(
  target: ReviewTarget,
  options: { cwd: string; hiddenHomes?: readonly string[] },
): Promise<ReviewDiff> {
  const base = {
    cwd: options.cwd,
    ...(options.hiddenHomes ? { hiddenHomes: options.hiddenHomes } : {}),
  };
  const root = (await readGit(["rev-parse", "--show-toplevel"], base)).trim();
  const git = (args: string[]) => readGit(args, { ...base, cwd: root });
  let description: string;
  let diff: string;
  if (target.kind === "uncommitted") {
    description = "the uncommitted changes (staged, unstaged and untracked files)";
    diff = await uncommitted(git, root);
  } else if (target.kind === "base") {
    const mergeBase = (await git(["merge-base", "HEAD", target.branch])).trim();
    description = `the changes against the base branch ${target.branch} (merge base ${mergeBase.slice(0, 12)})`;
    diff = await git(["diff", ...DIFF_OPTIONS, mergeBase]);
  } else {
    const subject = (await git(["log", "-1", "--format=%h %s", target.sha])).trim();
    description = `the commit ${subject}`;
    diff = await git(["show", ...DIFF_OPTIONS, "--format=", target.sha]);
  }
  const cut = diff.length > MAX_REVIEW_DIFF_CHARS;
  return { root, description, diff: cut ? diff.slice(0, MAX_REVIEW_DIFF_CHARS) : diff, cut };
}

/** Where git runs for a review and which homes its sandbox hides. */
export interface ReviewPlace {
  cwd: string;
  hiddenHomes?: readonly string[];
}

/** The repository's root (a review's paths are relative to it); git's message when it is none. */
export async function repositoryRoot(place: ReviewPlace): Promise<string> {
  return (await readGit(["rev-parse", "--show-toplevel"], place)).trim();
}

/** The local branches a base-branch review can compare with: all but the one checked out. */
export async function localBranches(place: ReviewPlace): Promise<string[]> {
  const out = await readGit(
    ["for-each-ref", "--sort=-committerdate", "--format=%(HEAD) %(refname:short)", "refs/heads"],
    place,
  );
  return out
    .split("\n")
    .filter((line) => line.startsWith("  "))
    .map((line) => line.slice(2))
    .filter(Boolean);
}

/** The last `count` commits of the checked-out branch, newest first: `{sha, subject}`. */
export async function recentCommits(
  place: ReviewPlace,
  count = 20,
): Promise<Array<{ sha: string; subject: string }>> {
  const out = await readGit(["log", `-${count}`, "--format=%h%x00%s"], place);
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [sha = "", subject = ""] = line.split("\0");
      return { sha, subject };
    });
}
