import { findingLines, parseReviewAnswer, reviewPrompt } from "../../launch/review-prompt.js";
import { parseReviewArgs, reviewDiff } from "../../launch/review-target.js";
import { errorMessage } from "../../protocol/error-message.js";
import { info, problem, type SlashCommand } from "./types.js";

export { parseReviewArgs };

export const reviewCommand: SlashCommand = {
  name: "review",
  description:
    "review changes in a read-only fork of this session (findings: file, line, priority)",
  args: "[uncommitted | base BRANCH | commit SHA]",
  allowedWhileBusy: false,
  async run(ctx) {
    const parsed = parseReviewArgs(ctx.args);
    if (typeof parsed === "string") {
      ctx.print(problem(parsed));
      return;
    }
    let prompt: string;
    try {
      prompt = reviewPrompt(
        await reviewDiff(parsed.target, {
          cwd: ctx.controller.launch.cwd,
          hiddenHomes: ctx.controller.launch.hiddenHomes,
        }),
        parsed.extra,
      );
    } catch (error) {
      ctx.print(problem(`/review cannot read the changes: ${errorMessage(error)}`));
      return;
    }
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
  },
};
