/** The question a resume or fork from another directory than the session's asks first. */
interface ResumeDirectoryQuestion {
  /** The question, then what each answer means. */
  lines: string[];
  /** The session's directory first, then the current one. */
  choices: ReadonlyArray<{ inSessionDirectory: boolean; text: string }>;
}

/**
 * Which directory to go on in, as the Codex CLI asks it (docs/config.md, "Resume"), at start-up
 * (`resume <id>` in another folder) and in the TUI (a session picked from every directory's list).
 */
export function resumeDirectoryQuestion(
  sessionCwd: string,
  currentCwd: string,
): ResumeDirectoryQuestion {
  return {
    lines: [
      "Choose working directory to resume this session",
      "",
      "  Session = latest cwd recorded in the resumed session",
      "  Current = your current working directory",
    ],
    choices: [
      { inSessionDirectory: true, text: `Use session directory (${sessionCwd})` },
      { inSessionDirectory: false, text: `Use current directory (${currentCwd})` },
    ],
  };
}
