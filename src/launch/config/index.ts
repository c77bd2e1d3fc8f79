/**
 * config.toml: read, validated key by key (config-schema.ts), profiles and `-c` overrides laid
 * over it, unknown keys warned once; plus the sections that become settings (sandbox, shell
 * tool, agents, goal budgets, `[models]`).
 */
export { agentLimitsOf } from "./agent-config.js";
export type { LoadedConfig } from "./config.js";
export { configPath, loadConfig, readConfigFile } from "./config.js";
export type { ConfigOverride } from "./config-overrides.js";
export { parseConfigOverride } from "./config-overrides.js";

export { unknownKeyWarnings } from "./config-warnings.js";
export type { GoalArguments } from "./goal-budgets.js";
export {
  BUDGET_OPTIONS,
  goalDefaultsOf,
  parseBudgetValue,
  parseGoalArguments,
} from "./goal-budgets.js";
export { profileLabel } from "./profiles.js";
export { sandboxCheck, sessionProtectedPaths, shellSandboxOptions } from "./sandbox-settings.js";
export { chosenShellTool } from "./shell-tool.js";
export { withTopLevelKey } from "./toml-top-level.js";
