import { describeHooks, type RuntimeHooks, warnUntrustedHooks } from "../launch/hook-sources.js";
import { withTerminalLines } from "./terminal-line.js";

/**
 * The TUI, before it draws: new or changed hooks are listed and the person is asked once to
 * trust them (recorded by hash); "no" leaves them off for this run and asks again next time.
 */
export async function askHookTrust(hooks: RuntimeHooks): Promise<void> {
  const untrusted = hooks.untrusted();
  if (untrusted.length === 0) return;
  if (!process.stdin.isTTY) {
    warnUntrustedHooks(hooks, (message) => process.stderr.write(`warning: ${message}\n`));
    return;
  }
  const lines = describeHooks(untrusted).join("\n");
  process.stderr.write(
    `These hooks of hooks.json are new or changed; trusted hooks run their commands as you (unconfined, as the Codex CLI runs them) at agent events:\n${lines}\n`,
  );
  const answer = await withTerminalLines((io) => io.question("Trust and run them? [y/N] "));
  if (/^y(es)?$/i.test(answer.trim())) hooks.trust(untrusted);
  else process.stderr.write("Not trusted: they do not run in this session.\n");
}
