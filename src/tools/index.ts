import type { WebSearchMode } from "../protocol/index.js";
import { applyPatchTool } from "./apply-patch/index.js";
import { webSearchTool } from "./hosted.js";
import { updatePlanTool } from "./plan.js";
import { ToolRegistry } from "./registry.js";
import { requestUserInputTool } from "./request-user-input.js";
import { type ShellToolOptions, shellCommandTool } from "./shell.js";
import { BackgroundTerminals, execCommandTools } from "./unified-exec/index.js";
import { viewImageTool } from "./view-image.js";
import { maskedFolders } from "./workspace.js";

export interface ToolRouterOptions {
  applyPatchToolType?: "custom" | "function";
  shellTimeoutMs?: number;
  shellMaxTimeoutMs?: number;
  outputCapBytes?: number;
  /** Extra environment variables for shell commands. */
  shellEnv?: Record<string, string>;
  /** The hosted web_search tool, after the built-in tools (default: not offered). */
  webSearch?: WebSearchMode;
  /** `[shell_environment_policy]` and the variables always removed (the provider's env_key). */
  envPolicy?: ShellToolOptions["envPolicy"];
  removeEnv?: string[];
  /** Network access in workspace-write, and the folders masked from commands. */
  sandbox?: ShellToolOptions["sandbox"];
  sandboxProbe?: ShellToolOptions["sandboxProbe"];
  /** `[features] shell_snapshot` (default on; docs/config.md). */
  shellSnapshot?: ShellToolOptions["shellSnapshot"];
  /**
   * How the model runs commands: `shell_command` (one process, waited for) or `exec_command`
   * with `write_stdin` (processes that keep running in `terminals`); default shell_command.
   */
  shellTool?: ShellToolKind;
  /** The session's background terminals (required for exec_command). */
  terminals?: BackgroundTerminals;
}

export type ShellToolKind = "shell_command" | "exec_command";

/**
 * The default tool set, in a fixed order: shell_command (or exec_command and write_stdin),
 * apply_patch, update_plan, view_image [, web_search], request_user_input (offered in every
 * mode so `tools` never changes with the mode; refused outside Plan mode).
 */
export function createToolRouter(options: ToolRouterOptions = {}): ToolRegistry {
  const webSearch = options.webSearch ? webSearchTool(options.webSearch) : undefined;
  const home = options.sandbox?.home ?? process.env.HOME;
  const hiddenHomes = options.sandbox?.hiddenHomes ?? [];
  const launch = {
    ...(options.shellEnv !== undefined ? { env: options.shellEnv } : {}),
    ...(options.envPolicy ? { envPolicy: options.envPolicy } : {}),
    ...(options.removeEnv ? { removeEnv: options.removeEnv } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.sandboxProbe ? { sandboxProbe: options.sandboxProbe } : {}),
    ...(options.shellSnapshot !== undefined ? { shellSnapshot: options.shellSnapshot } : {}),
  };
  const shellTools =
    options.shellTool === "exec_command"
      ? execCommandTools(options.terminals ?? new BackgroundTerminals(), launch)
      : [
          shellCommandTool({
            ...(options.shellTimeoutMs !== undefined
              ? { defaultTimeoutMs: options.shellTimeoutMs }
              : {}),
            ...(options.shellMaxTimeoutMs !== undefined
              ? { maxTimeoutMs: options.shellMaxTimeoutMs }
              : {}),
            ...(options.outputCapBytes !== undefined
              ? { outputCapBytes: options.outputCapBytes }
              : {}),
            ...launch,
          }),
        ];
  return new ToolRegistry([
    ...shellTools,
    applyPatchTool(
      options.applyPatchToolType ?? "custom",
      maskedFolders(home, hiddenHomes),
      options.sandbox?.protectedPaths,
    ),
    updatePlanTool(),
    viewImageTool({ home, hiddenHomes }),
    ...(webSearch ? [webSearch] : []),
    requestUserInputTool(),
  ]);
}

export {
  checkPatchIntent,
  interruptedPatchOutput,
} from "./apply-patch/index.js";
export type { ApprovalChoice, ApprovalPolicy, ListedRule } from "./approval/index.js";
export {
  APPROVAL_POLICIES,
  approvalChoices,
  createApprovalGate,
  describeRule,
  RuleBook,
} from "./approval/index.js";
export type { CodeRewind, Snapshot } from "./checkpoints/index.js";
export { CheckpointStore, rewoundFileLines } from "./checkpoints/index.js";
export { createCommandLauncher } from "./command-launcher.js";
export { DiffConsumerRouter } from "./diff-routing.js";
export { deniedOutput, ToolError, ToolInputError } from "./errors.js";
export type { GoalReport, GoalReports } from "./goal.js";
export { updateGoalTool } from "./goal.js";
export type {
  AskHookTrust,
  HookEvent,
  HookHandler,
  HookJudgement,
  HookSetup,
  HookTrustFacts,
  HookTrustQuestion,
  HookVerdict,
} from "./hooks/index.js";
export {
  coveredPaths,
  HookGate,
  HookTrustBook,
  hookMatches,
  hookVerdict,
  kindOf,
  parseHookConfig,
  runHook,
} from "./hooks/index.js";
export {
  imageFromBytes,
  imageMediaType,
  imageReadProblem,
  readImageFile,
  sizeText,
  TOOL_IMAGE_MAX_BYTES,
} from "./image-file.js";
export { processExists } from "./process-tree.js";
export {
  defineCustomTool,
  defineFunctionTool,
  ToolRegistry,
  toolInput,
  withTools,
} from "./registry.js";
export {
  DEFAULT_SHELL_MAX_TIMEOUT_MS,
  DEFAULT_SHELL_TIMEOUT_MS,
  shellCommandTool,
} from "./shell.js";
export { TIMEOUT_EXIT_CODE } from "./shell-output.js";
export { runShellCommand } from "./shell-process.js";
export type {
  AgentToolName,
  ApprovalDecision,
  ApprovalGate,
  ApprovalRequest,
  ApprovedPlan,
  DiffConsumer,
  FileChange,
  PatchIntent,
  PatchPreview,
  PlanStep,
  ToolContext,
  ToolDefinition,
  ToolEvent,
  ToolLookup,
  ToolNeeds,
  ToolPlan,
  ToolRouter,
  ToolRun,
  ToolSource,
  UserInputAnswers,
  UserInputQuestion,
  UserInputRequest,
  Verdict,
} from "./types.js";
export {
  BackgroundTerminals,
  type BackgroundTerminalsView,
  capForModel,
} from "./unified-exec/index.js";
export { VIEW_IMAGE_MAX_BYTES, viewedImageText, viewImageTool } from "./view-image.js";
export type { WorkspaceScope } from "./workspace.js";
export { displayPath, maskedFolders, writeGuard } from "./workspace.js";
