import type { WebSearchMode } from "../protocol/web-search.js";
import { applyPatchTool } from "./apply-patch/tool.js";
import { webSearchTool } from "./hosted.js";
import { updatePlanTool } from "./plan.js";
import { ToolRegistry } from "./registry.js";
import { requestUserInputTool } from "./request-user-input.js";
import { type ShellToolOptions, shellCommandTool } from "./shell.js";
import { BackgroundTerminals } from "./unified-exec/terminals.js";
import { execCommandTools } from "./unified-exec/tools.js";
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

export { verifyPatch, writePatch } from "./apply-patch/apply.js";
export { APPLY_PATCH_GRAMMAR } from "./apply-patch/grammar.js";
export { parsePatch } from "./apply-patch/parse.js";
export { createPatchDiffConsumer, PatchStreamParser } from "./apply-patch/stream.js";
export { applyPatchTool, runApplyPatch } from "./apply-patch/tool.js";
export { DiffConsumerRouter } from "./diff-routing.js";
export { PatchError, ToolError, ToolInputError, WorkspaceError } from "./errors.js";
export { updatePlanTool } from "./plan.js";
export { defineCustomTool, defineFunctionTool, ToolRegistry } from "./registry.js";
export { requestUserInputTool } from "./request-user-input.js";
export { runShellCommand, shellCommandTool } from "./shell.js";
export { capOutput } from "./shell-output.js";
export type * from "./types.js";
export {
  BackgroundTerminals,
  type BackgroundTerminalsView,
  type TerminalSummary,
} from "./unified-exec/terminals.js";
export { VIEW_IMAGE_MAX_BYTES, viewedImageText, viewImageTool } from "./view-image.js";
