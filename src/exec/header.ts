import { type WorktreeFacts, worktreeText } from "../launch/index.js";
import type { SessionStatus } from "../session/index.js";
import { groupedNumber } from "../text/index.js";

/** What text-mode exec states on stderr before the turn (as `codex exec` does). */
interface ExecHeaderFacts {
  version: string;
  cwd: string;
  /** Why this directory, when a resume could have run elsewhere. */
  cwdNote?: string;
  /** The git worktree it runs in (a linked one), and whether this run made it. */
  worktree?: WorktreeFacts;
  model: string;
  effort?: string;
  provider: string;
  approvalPolicy: string;
  sandbox: string;
  /** The profile applied (`profileLabel`). */
  profile?: string;
  sessionId: string;
  /** "resumed", "forked from …". */
  sessionNote?: string;
}

const RULE = "--------";

/** The header lines: where it runs, on what, under which rules, and the session. */
export function execHeader(facts: ExecHeaderFacts): string[] {
  const note = (text: string | undefined) => (text ? ` (${text})` : "");
  return [
    `mini-codex ${facts.version}`,
    RULE,
    `workdir: ${facts.cwd}${note(facts.cwdNote)}`,
    ...(facts.worktree ? [`worktree: ${worktreeText(facts.worktree)}`] : []),
    `model: ${facts.model}`,
    `provider: ${facts.provider}`,
    `approval: ${facts.approvalPolicy}`,
    `sandbox: ${facts.sandbox}`,
    ...(facts.profile ? [`profile: ${facts.profile}`] : []),
    ...(facts.effort ? [`reasoning effort: ${facts.effort}`] : []),
    `session id: ${facts.sessionId}${note(facts.sessionNote)}`,
    RULE,
  ];
}

/**
 * Why a resumed session runs where it does: its own directory unless -C/--cd named another
 * (undefined when nothing could have differed).
 */
export function resumedDirectoryNote(
  running: string,
  sessionDir: string,
  byFlag: boolean,
): string | undefined {
  if (byFlag) {
    return running === sessionDir ? undefined : `-C/--cd; the session ran in ${sessionDir}`;
  }
  return "the session's directory; -C/--cd DIR runs it elsewhere";
}

const count = groupedNumber;

/** The token total after the turn: every request of this run, warm-up included. */
export function tokensUsedLine(totals: SessionStatus["totals"]): string {
  const total = totals.inputTokens + totals.outputTokens;
  return `tokens used: ${count(total)} (input ${count(totals.inputTokens)}, cached ${count(totals.cachedTokens)}, output ${count(totals.outputTokens)})`;
}
