import type { WebSearchMode } from "../protocol/web-search.js";
import { applyPatchTool } from "./apply-patch/tool.js";
import { webSearchTool } from "./hosted.js";
import { updatePlanTool } from "./plan.js";
import { ToolRegistry } from "./registry.js";
import { type ShellToolOptions, shellCommandTool } from "./shell.js";
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
  bwrap?: ShellToolOptions["bwrap"];
  /** `[features] shell_snapshot` (default on; docs/config.md). */
  shellSnapshot?: ShellToolOptions["shellSnapshot"];
}

/**
 * The default tool set, in a fixed order: shell_command, apply_patch, update_plan, view_image
 * [, web_search].
 */
export function createToolRouter(options: ToolRouterOptions = {}): ToolRegistry {
  const webSearch = options.webSearch ? webSearchTool(options.webSearch) : undefined;
  const home = options.sandbox?.home ?? process.env.HOME;
  const miniCodexHome = options.sandbox?.miniCodexHome;
  return new ToolRegistry([
    shellCommandTool({
      ...(options.shellTimeoutMs !== undefined ? { defaultTimeoutMs: options.shellTimeoutMs } : {}),
      ...(options.shellMaxTimeoutMs !== undefined
        ? { maxTimeoutMs: options.shellMaxTimeoutMs }
        : {}),
      ...(options.outputCapBytes !== undefined ? { outputCapBytes: options.outputCapBytes } : {}),
      ...(options.shellEnv !== undefined ? { env: options.shellEnv } : {}),
      ...(options.envPolicy ? { envPolicy: options.envPolicy } : {}),
      ...(options.removeEnv ? { removeEnv: options.removeEnv } : {}),
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      ...(options.bwrap ? { bwrap: options.bwrap } : {}),
      ...(options.shellSnapshot !== undefined ? { shellSnapshot: options.shellSnapshot } : {}),
    }),
    applyPatchTool(options.applyPatchToolType ?? "custom", maskedFolders(home, miniCodexHome)),
    updatePlanTool(),
    viewImageTool({ home, miniCodexHome }),
    ...(webSearch ? [webSearch] : []),
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
export { runShellCommand, shellCommandTool } from "./shell.js";
export { capOutput } from "./shell-output.js";
export type * from "./types.js";
export { VIEW_IMAGE_MAX_BYTES, viewedImageText, viewImageTool } from "./view-image.js";
