import { defaultSettings, type Settings } from "../settings/index.js";
import { applyPatchTool } from "./apply-patch/index.js";
import type { CommandLaunchOptions } from "./command-launcher.js";
import { webSearchTool } from "./hosted.js";
import { updatePlanTool } from "./plan.js";
import { ToolRegistry } from "./registry.js";
import { requestUserInputTool } from "./request-user-input.js";
import { shellCommandTool } from "./shell.js";
import { BackgroundTerminals, execCommandTools } from "./unified-exec/index.js";
import { viewImageTool } from "./view-image.js";
import { maskedFolders } from "./workspace.js";

export interface ToolRouterOptions {
  /**
   * The run's settings (src/settings; default: nothing configured): each tool reads its own
   * keys (`config.shell.timeoutMs`, `config.tools.webSearch`, …).
   */
  config?: Settings;
  outputCapBytes?: number;
  /** Extra environment variables for shell commands. */
  shellEnv?: Record<string, string>;
  /** Variables always removed (the provider's env_key). */
  removeEnv?: string[];
  /** The folders masked from commands and what runs unconfined. */
  sandbox?: CommandLaunchOptions["sandbox"];
  sandboxProbe?: CommandLaunchOptions["sandboxProbe"];
  snapshotTimeoutMs?: CommandLaunchOptions["snapshotTimeoutMs"];
  /**
   * How the model runs commands (`shell_tool` as chosen for the model): `shell_command` (one
   * process, waited for) or `exec_command` with `write_stdin` (processes that keep running in
   * `terminals`); default shell_command.
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
  const config = options.config ?? defaultSettings();
  const webSearch = webSearchTool(config.tools.webSearch);
  const home = options.sandbox?.home ?? process.env.HOME;
  const hiddenHomes = options.sandbox?.hiddenHomes ?? [];
  const launch: CommandLaunchOptions = {
    config,
    ...(options.shellEnv !== undefined ? { env: options.shellEnv } : {}),
    ...(options.removeEnv ? { removeEnv: options.removeEnv } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.sandboxProbe ? { sandboxProbe: options.sandboxProbe } : {}),
    ...(options.snapshotTimeoutMs !== undefined
      ? { snapshotTimeoutMs: options.snapshotTimeoutMs }
      : {}),
  };
  const shellTools =
    options.shellTool === "exec_command"
      ? execCommandTools(options.terminals ?? new BackgroundTerminals(), launch)
      : [
          shellCommandTool({
            ...(options.outputCapBytes !== undefined
              ? { outputCapBytes: options.outputCapBytes }
              : {}),
            ...launch,
          }),
        ];
  return new ToolRegistry([
    ...shellTools,
    applyPatchTool(
      config.tools.applyPatchToolType === "function" ? "function" : "custom",
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
export { approvalChoices, createApprovalGate, describeRule, RuleBook } from "./approval/index.js";
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
export { requestUserInputTool } from "./request-user-input.js";
export { shellCommandTool } from "./shell.js";
export { capOutput, TIMEOUT_EXIT_CODE } from "./shell-output.js";
export { runShellCommand } from "./shell-process.js";
export type * from "./types.js";
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
