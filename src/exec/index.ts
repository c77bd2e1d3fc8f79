/**
 * `mini-codex exec`: one prompt (or a review, or a goal) run to its end without a terminal UI.
 * The session's events become text on stderr and the answer on stdout, or `--json` lines
 * (exec-events.ts, their schema in exec-event-schema.ts); `exec rewind` goes back in a saved
 * session. The command line loads it on demand.
 */
export { type ExecInput, runExec } from "./run-exec.js";
export { type RewindInput, runRewind } from "./run-rewind.js";
