import { describeHooks, type RuntimeHooks, warnUntrustedHooks } from "../launch/index.js";
import { askChoice } from "./terminal-choice.js";

/**
 * The TUI, before it draws: new or changed hooks are listed and the person is asked once to
 * trust them (recorded by hash); "no" (or no answer: Esc, Ctrl+C) leaves them off for this run
 * and asks again next time.
 */
export async function askHookTrust(hooks: RuntimeHooks): Promise<void> {
  const untrusted = hooks.untrusted();
  if (untrusted.length === 0) return;
  if (!process.stdin.isTTY) {
    warnUntrustedHooks(hooks, (message) => process.stderr.write(`warning: ${message}\n`));
    return;
  }
  const choice = await askChoice(
    [
      "These hooks of hooks.json are new, or they or the files they run changed; trusted hooks run their commands as you (unconfined, as the Codex CLI runs them) at agent events:",
      ...describeHooks(hooks, untrusted),
      "",
      "Trust and run them?",
    ],
    ["Yes, trust and run them", "No, leave them off in this session (asked again next time)"],
    // "No" first: an Enter meant for an earlier question never trusts commands that run unconfined
    { initial: 1 },
  );
  if (choice === 0) hooks.trust(untrusted);
  else process.stderr.write("Not trusted: they do not run in this session.\n");
}
