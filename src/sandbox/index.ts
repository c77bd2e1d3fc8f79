/**
 * Confinement: the sandbox modes and what each enforces, the bwrap command line a confined
 * command runs under (read-only binds for protected paths), network policy, and the doctor that
 * says what this machine can enforce.
 */

export type { SandboxSettings } from "./command-launch.js";
export { commandLaunch } from "./command-launch.js";
export {
  isReadOnlyCommand,
  isReadOnlyWords,
  matchesGrantedPrefix,
  runsAnything,
  shellWords,
  suggestedPrefix,
  withoutConfiguredDiffPrograms,
} from "./command-words.js";
export { MASKED_HOME_PATHS } from "./confinement-plan.js";
export { looksSandboxDenied } from "./denial.js";
export type { ShellEnvironmentPolicy } from "./env-policy.js";
export { ALWAYS_REMOVED, commandEnvironment, personEnvironment } from "./env-policy.js";
export { gitPaths, gitRoot, linkedWorktreeOf } from "./git-files.js";
export { linkedFileBinds } from "./linked-files.js";
export { captureScript, parseCapture, snapshotText } from "./login-snapshot.js";
export type { SandboxMode } from "./modes.js";

export { neutralGitArgs, runGit } from "./own-git.js";
export { isInside, realWhereMissing } from "./paths.js";
export type { ProtectedPath } from "./protected-paths.js";
export { protectedPaths } from "./protected-paths.js";
export { probeSandbox } from "./sandbox-engine.js";
export type { SandboxStatus } from "./sandbox-status.js";
