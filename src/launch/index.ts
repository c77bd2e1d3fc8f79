/**
 * From the command line to a session: config.toml and flags resolved (config/), the provider and
 * sign-in found (provider/), what a new session reads from disk (context/), a saved session's
 * settings and history (resume/), worktrees, folder trust, and `openSession`. Every front end
 * (TUI, exec, ACP) starts here.
 */

export type { GoalArguments, LoadedConfig } from "./config/index.js";
export {
  BUDGET_OPTIONS,
  configPath,
  loadConfig,
  parseBudgetValue,
  parseGoalArguments,
  profileLabel,
  readConfigFile,
} from "./config/index.js";
export type { ReviewPlace, ReviewResult, ReviewTarget, RuntimeHooks } from "./context/index.js";
export {
  customReviewPrompt,
  describeHooks,
  findingLines,
  INIT_PROMPT,
  imageAttachments,
  localBranches,
  parseReviewAnswer,
  parseReviewArgs,
  recentCommits,
  repositoryRoot,
  reviewDiff,
  reviewPrompt,
  warnUntrustedHooks,
} from "./context/index.js";
export { CliError, ConfigError, UsageError } from "./errors.js";
export {
  EXIT_FAILED,
  EXIT_GOAL_BLOCKED,
  EXIT_GOAL_BUDGET,
  EXIT_GOAL_USAGE_LIMIT,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_TERMINATED,
  EXIT_USAGE,
} from "./exit-codes.js";
export type { ExecFlags, SharedFlags } from "./flags.js";
export { folderTrustQuestion, trustRecordedLine } from "./folder-trust-question.js";
export { assertGitRepo } from "./git.js";
export { resolveHome, resolveHomes } from "./home.js";
export type { OpenedSession } from "./open-session.js";
export { openSession } from "./open-session.js";
export type { ProjectTrust, TrustLevel } from "./project-trust.js";
export { projectTrust, recordTrust } from "./project-trust.js";
export {
  codexSignInToOffer,
  findSignIn,
  needsSignIn,
  recordTopLevelKey,
  signInIssuerOf,
} from "./provider/index.js";
export type { ResumeTarget, SavedSettings } from "./resume/index.js";
export {
  findSavedSession,
  readSavedSettings,
  resumeDirectoryQuestion,
  resumeHint,
  savedSessionFor,
} from "./resume/index.js";
export type { Runtime, RuntimeWorktree, WorktreeEntry } from "./runtime.js";
export { knownContextWindow, loadRunConfig, loadRuntime } from "./runtime.js";
export { SCHEMA_VERSION } from "./schema-version.js";
export { packageVersion } from "./version.js";
export type { ResumedIn } from "./working-directory.js";
export { goneMessage, isDirectory } from "./working-directory.js";
export type {
  ListedWorktree,
  RemovalAction,
  WorktreeFacts,
  WorktreeRequest,
} from "./worktrees/index.js";
export {
  heldWork,
  listWorktrees,
  removalQuestion,
  removalTarget,
  removeWorktree,
  worktreeFlag,
  worktreeRequestOf,
  worktreeText,
} from "./worktrees/index.js";
