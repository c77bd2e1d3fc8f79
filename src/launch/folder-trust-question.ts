import type { SandboxMode } from "../sandbox/index.js";
import type { ApprovalPolicy } from "../tools/index.js";
import type { ProjectTrust, TrustLevel } from "./project-trust.js";

/** The trust question about a folder, as the TUI asks it at start-up and before it opens a session there. */
interface FolderTrustQuestion {
  /** What the question is about, then the question. */
  lines: string[];
  /** The two answers, trusting first (picking one records it). */
  choices: ReadonlyArray<{ level: TrustLevel; text: string }>;
}

/**
 * The question (docs/config.md, "Trust"). `trusted`: what the folder runs with when trusted,
 * when known before it loads (a saved session about to open brings its own).
 */
export function folderTrustQuestion(
  trust: Pick<ProjectTrust, "root" | "inGit">,
  trusted?: { sandbox: SandboxMode; approvalPolicy: ApprovalPolicy },
): FolderTrustQuestion {
  const where = trust.inGit ? "" : " (not a git repository)";
  const keeps = trusted
    ? `sandbox ${trusted.sandbox}, approval ${trusted.approvalPolicy}`
    : "the session's own sandbox and approval settings";
  return {
    lines: [
      `You are running mini-codex in ${trust.root}${where}.`,
      "Do you trust the contents of this folder? mini-codex reads, edits and runs files here within its",
      "sandbox and approval settings; untrusted contents carry a higher risk of prompt injection.",
    ],
    choices: [
      { level: "trusted", text: `Yes, trust this folder (${keeps})` },
      {
        level: "untrusted",
        text: "No, run restricted here (sandbox read-only, approval untrusted: edits and commands ask)",
      },
    ],
  };
}

/** What the person is told once an answer is recorded. */
export function trustRecordedLine(home: string, root: string, level: TrustLevel): string {
  return `Saved in ${home}/config.toml: [projects."${root}"] trust_level = "${level}"`;
}
