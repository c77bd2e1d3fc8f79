/** Why the TUI refuses to start without a terminal, and what to use instead. */
export const NOT_A_TERMINAL_MESSAGE =
  "the interactive mode needs a terminal (stdin is not a TTY). For scripts and pipes use `mini-codex exec`, e.g. `echo 'fix the tests' | mini-codex exec`.";
