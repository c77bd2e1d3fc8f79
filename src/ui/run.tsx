import type { RunTui } from "./contract.js";
import { loadInk } from "./ink-modules.js";

const BRACKETED_PASTE_ON = "\u001b[?2004h";
const BRACKETED_PASTE_OFF = "\u001b[?2004l";

/** Start the interactive UI; resolves with the exit code when the person quits. */
export const runTui: RunTui = async (options) => {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(
      "mini-codex: the interactive UI needs a terminal; use `mini-codex exec` for pipes and scripts.\n",
    );
    return 2;
  }
  // no JSX in this file: React must load after loadInk's production setting
  const [{ render, createElement }, { App }] = await Promise.all([loadInk(), import("./app.js")]);
  // Pastes arrive between markers, so a pasted newline never submits.
  process.stdout.write(BRACKETED_PASTE_ON);
  let summary: string[] = [];
  try {
    const onExit = (lines: string[]) => {
      summary = lines;
    };
    const instance = render(createElement(App, { options, onExit }), {
      exitOnCtrlC: false,
      // Terminals that speak the kitty keyboard protocol report Shift+Enter apart from Enter.
      kittyKeyboard: { mode: "auto" },
    });
    await instance.waitUntilExit();
    if (summary.length > 0) process.stdout.write(`${summary.join("\n")}\n`);
    return 0;
  } finally {
    process.stdout.write(BRACKETED_PASTE_OFF);
  }
};
