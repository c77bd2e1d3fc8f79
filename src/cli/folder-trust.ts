import { CliError } from "../launch/errors.js";
import { EXIT_FAILED } from "../launch/exit-codes.js";
import { recordTrust, type TrustLevel } from "../launch/project-trust.js";
import type { Runtime } from "../launch/runtime.js";
import { askChoice } from "./terminal-choice.js";

/**
 * The TUI in a folder with no trust recorded (not a git repository, or never asked about)
 * asks once, as the Codex CLI does, and records the answer in config.toml. Returns the
 * decision (the recorded one when there was no question).
 */
export async function askFolderTrust(runtime: Runtime): Promise<TrustLevel | undefined> {
  const { trust } = runtime;
  if (trust.level || !process.stdin.isTTY) return trust.level;
  const where = trust.inGit ? "" : " (not a git repository)";
  const choice = await askChoice(
    [
      `You are running mini-codex in ${trust.root}${where}.`,
      "Do you trust the contents of this folder? mini-codex reads, edits and runs files here within its",
      "sandbox and approval settings; untrusted contents carry a higher risk of prompt injection.",
    ],
    [
      `Yes, trust this folder (sandbox ${runtime.sandbox}, approval ${runtime.approvalPolicy})`,
      "No, run restricted here (sandbox read-only, approval untrusted: edits and commands ask)",
    ],
  );
  if (choice === undefined) {
    throw new CliError("no answer to the trust question: nothing was started", EXIT_FAILED);
  }
  const level: TrustLevel = choice === 0 ? "trusted" : "untrusted";
  recordTrust(runtime.home, trust.root, level);
  process.stderr.write(
    `Saved in ${runtime.home}/config.toml: [projects."${trust.root}"] trust_level = "${level}"\n`,
  );
  return level;
}
