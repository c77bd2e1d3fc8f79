import {
  customReviewPrompt,
  findingLines,
  localBranches,
  parseReviewAnswer,
  parseReviewArgs,
  type ReviewPlace,
  type ReviewTarget,
  recentCommits,
  repositoryRoot,
  reviewDiff,
  reviewPrompt,
} from "../../../launch/index.js";
import { errorMessage } from "../../../protocol/index.js";
import { type CommandContext, info, problem, type SlashCommand } from "../types.js";

/** What a review looks at: a target's diff (with extra instructions), or custom instructions. */
type ReviewRequest = { target: ReviewTarget; extra: string } | { custom: string };

const USAGE =
  "Usage: /review [uncommitted | base BRANCH | commit SHA] [instructions] | /review custom INSTRUCTIONS (no argument: pick a preset)";

/**
 * What `/review ARGS` asks for: `custom INSTRUCTIONS`, else a target as `parseReviewArgs` reads
 * it (shared with the ACP agent); undefined for no argument (the TUI's preset picker).
 */
function reviewRequestOf(args: string): ReviewRequest | string | undefined {
  const text = args.trim();
  if (text === "") return undefined;
  const custom = /^custom\b([\s\S]*)$/.exec(text);
  if (custom) return custom[1]?.trim() ? { custom: custom[1].trim() } : USAGE;
  const parsed = parseReviewArgs(text);
  return typeof parsed === "string" ? USAGE : parsed;
}

/** The presets `/review` offers without an argument, as the Codex CLI's picker has them. */
const REVIEW_PRESETS = {
  base: "Review against a base branch",
  uncommitted: "Review uncommitted changes",
  commit: "Review a commit",
  custom: "Custom review instructions",
} as const;

const PRESET_DETAILS: Record<string, string> = {
  [REVIEW_PRESETS.base]: "(PR style: the changes since the merge base)",
  [REVIEW_PRESETS.uncommitted]: "(staged, unstaged and untracked)",
  [REVIEW_PRESETS.commit]: "(one of the recent commits)",
  [REVIEW_PRESETS.custom]: "(type what to look at)",
};

/** Where the confined git of a review runs (the session's directory). */
function placeOf(ctx: CommandContext): ReviewPlace {
  const { cwd, hiddenHomes } = ctx.controller.launch;
  return { cwd, hiddenHomes };
}

/** The preset picker; each preset then asks what it needs (a branch, a commit, the text). */
function openPresetPicker(ctx: CommandContext): void {
  const done = (request: ReviewRequest) => void runReview(ctx, request);
  ctx.controller.openPicker({
    title: "Select a review preset",
    options: Object.values(REVIEW_PRESETS),
    details: PRESET_DETAILS,
    onPick: (preset) => {
      if (preset === REVIEW_PRESETS.uncommitted) {
        done({ target: { kind: "uncommitted" }, extra: "" });
      } else if (preset === REVIEW_PRESETS.base) void pickBranch(ctx, done);
      else if (preset === REVIEW_PRESETS.commit) void pickCommit(ctx, done);
      else {
        // the instructions are typed in the composer, after the command that takes them
        ctx.controller.prefill("/review custom ");
        ctx.controller.set({ hint: "Type the review instructions, then Enter (Ctrl+U clears)." });
      }
    },
  });
}

async function pickBranch(ctx: CommandContext, done: (request: ReviewRequest) => void) {
  let branches: string[];
  try {
    branches = await localBranches(placeOf(ctx));
  } catch (error) {
    ctx.print(problem(`/review cannot list the branches: ${errorMessage(error)}`));
    return;
  }
  if (branches.length === 0) {
    ctx.print(problem("/review: there is no other local branch to compare with."));
    return;
  }
  ctx.controller.openPicker({
    title: "Select a base branch",
    options: branches,
    onPick: (branch) => done({ target: { kind: "base", branch }, extra: "" }),
  });
}

async function pickCommit(ctx: CommandContext, done: (request: ReviewRequest) => void) {
  let commits: Array<{ sha: string; subject: string }>;
  try {
    commits = await recentCommits(placeOf(ctx));
  } catch (error) {
    ctx.print(problem(`/review cannot list the commits: ${errorMessage(error)}`));
    return;
  }
  const label = (commit: { sha: string; subject: string }) => `${commit.sha} ${commit.subject}`;
  ctx.controller.openPicker({
    title: "Select a commit to review",
    options: commits.map(label),
    onPick: (picked) => {
      const sha = picked.split(" ")[0] ?? picked;
      done({ target: { kind: "commit", sha }, extra: "" });
    },
  });
}

/** The review message for a request; a problem line (and undefined) when git cannot say. */
async function reviewMessage(ctx: CommandContext, request: ReviewRequest) {
  const place = placeOf(ctx);
  try {
    if ("custom" in request) return customReviewPrompt(await repositoryRoot(place), request.custom);
    return reviewPrompt(await reviewDiff(request.target, place), request.extra);
  } catch (error) {
    ctx.print(problem(`/review cannot read the changes: ${errorMessage(error)}`));
    return undefined;
  }
}

/** Review in a read-only fork of the session, then print its findings. */
async function runReview(ctx: CommandContext, request: ReviewRequest): Promise<void> {
  const prompt = await reviewMessage(ctx, request);
  if (prompt === undefined) return;
  const fork = await ctx.controller.openReviewFork();
  ctx.print(info(`Reviewing in a read-only fork (${fork.id}); this session is unchanged.`));
  let answer: string | undefined;
  await ctx.controller.runOperation(async () => {
    const result = await fork.send(prompt);
    answer = result.lastMessage;
    return result;
  });
  await fork.close();
  const review = parseReviewAnswer(answer ?? "");
  if (!review) {
    ctx.print(problem("The review's answer held no findings in the expected JSON."));
    return;
  }
  const lines =
    review.findings.length === 0 ? ["No findings."] : review.findings.flatMap(findingLines);
  if (review.verdict)
    lines.push(`${review.verdict}${review.explanation ? `: ${review.explanation}` : ""}`);
  ctx.print({ kind: "info", title: "Review", lines });
}

export const reviewCommand: SlashCommand = {
  name: "review",
  description:
    "review changes in a read-only fork of this session (findings: file, line, priority); no argument: pick a preset",
  args: "[uncommitted | base BRANCH | commit SHA | custom TEXT]",
  allowedWhileBusy: false,
  async run(ctx) {
    const parsed = reviewRequestOf(ctx.args);
    if (parsed === undefined) return openPresetPicker(ctx);
    if (typeof parsed === "string") {
      ctx.print(problem(parsed));
      return;
    }
    await runReview(ctx, parsed);
  },
};
