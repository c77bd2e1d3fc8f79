import type { Runtime } from "../launch/index.js";
import {
  CliError,
  EXIT_FAILED,
  folderTrustQuestion,
  recordTrust,
  type TrustLevel,
  trustRecordedLine,
} from "../launch/index.js";
import { askChoice } from "./terminal-choice.js";

/**
 * The TUI in a folder with no trust recorded (not a git repository, or never asked about)
 * asks once, as the Codex CLI does, and records the answer in config.toml. Returns the
 * decision (the recorded one when there was no question).
 */
export async function askFolderTrust(runtime: Runtime): Promise<TrustLevel | undefined> {
  const { trust } = runtime;
  if (trust.level || !process.stdin.isTTY) return trust.level;
  const question = folderTrustQuestion(trust, runtime);
  const choice = await askChoice(
    question.lines,
    question.choices.map((c) => c.text),
  );
  const level = choice === undefined ? undefined : question.choices[choice]?.level;
  if (level === undefined) {
    throw new CliError("no answer to the trust question: nothing was started", EXIT_FAILED);
  }
  recordTrust(runtime.configHome, trust.root, level);
  process.stderr.write(`${trustRecordedLine(runtime.configHome, trust.root, level)}\n`);
  return level;
}
