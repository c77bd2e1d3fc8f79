const { isatty } = require("node:tty");

/** Arguments that make a launch something other than the TUI (src/cli/main.ts's commands). */
const NOT_THE_TUI = new Set([
  "exec",
  "acp",
  "ledger",
  "mcp",
  "demo-server",
  "help",
  "--help",
  "-h",
]);

/**
 * Whether this launch is most likely the TUI (`mini-codex [options] [PROMPT]`, `resume`, `fork`
 * on a terminal). Only which compiled form starts it depends on the answer, never what it does:
 * commander still parses the arguments; a prompt spelled like a command merely starts slower.
 */
function looksLikeTuiLaunch(args, terminal = isatty(0) && isatty(1)) {
  return terminal && !args.some((arg) => NOT_THE_TUI.has(arg));
}

exports.looksLikeTuiLaunch = looksLikeTuiLaunch;
