import type { ReviewTarget } from "../launch/index.js";
import { UsageError } from "../launch/index.js";

export interface ReviewFlags {
  uncommitted?: boolean;
  base?: string;
  commit?: string;
}

/** Exactly one of --uncommitted, --base BRANCH, --commit SHA. */
export function reviewTargetOf(flags: ReviewFlags): ReviewTarget {
  const targets: ReviewTarget[] = [
    ...(flags.uncommitted ? [{ kind: "uncommitted" as const }] : []),
    ...(flags.base !== undefined ? [{ kind: "base" as const, branch: flags.base }] : []),
    ...(flags.commit !== undefined ? [{ kind: "commit" as const, sha: flags.commit }] : []),
  ];
  const [target] = targets;
  if (targets.length !== 1 || !target) {
    throw new UsageError(
      "exec review needs exactly one of --uncommitted, --base BRANCH, --commit SHA",
    );
  }
  if ("branch" in target && target.branch.startsWith("-"))
    throw new UsageError("--base needs a branch name");
  if ("sha" in target && !/^[\w./^~][\w./^~-]*$/.test(target.sha))
    throw new UsageError("--commit needs a commit");
  return target;
}
