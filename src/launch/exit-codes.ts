/** Exit codes of `mini-codex` and `mini-codex exec` (docs/config.md, "Exit codes"). */
export const EXIT_OK = 0;
/** A failed turn, an API error or a config error. */
export const EXIT_FAILED = 1;
/** Bad flags or arguments. */
export const EXIT_USAGE = 2;
/** `exec --goal`: a budget stopped the goal before it was met (the reason on stderr). */
export const EXIT_GOAL_BUDGET = 3;
/** `exec --goal`: the model reported the goal blocked. */
export const EXIT_GOAL_BLOCKED = 4;
/** `exec --goal`: the plan's usage limit stopped the goal. */
export const EXIT_GOAL_USAGE_LIMIT = 5;
/** Interrupted by SIGINT (the turn was aborted, history saved). */
export const EXIT_INTERRUPTED = 130;
/** Stopped by SIGTERM (e.g. the Codex SDK's AbortSignal): the turn was aborted, history saved. */
export const EXIT_TERMINATED = 143;
