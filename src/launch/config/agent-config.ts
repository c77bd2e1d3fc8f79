import type { AgentLimits } from "../../session/index.js";
import type { Settings } from "../../settings/index.js";

/**
 * The subagent limits of `[agents]` (docs/config.md, "Subagents"), or undefined when they are
 * off (`[agents] enabled = false`, or the Codex CLI's `[features] multi_agent = false`).
 */
export function agentLimitsOf(config: Pick<Settings, "agents">): AgentLimits | undefined {
  const { agents } = config;
  if (!agents.enabled || !agents.multiAgent) return undefined;
  const budget = {
    ...(agents.budgetTokens !== undefined ? { tokens: agents.budgetTokens } : {}),
    ...(agents.budgetUsd !== undefined ? { usd: agents.budgetUsd } : {}),
  };
  return {
    maxThreads: agents.maxThreads,
    maxDepth: agents.maxDepth,
    ...(Object.keys(budget).length > 0 ? { budget } : {}),
    forkStart: agents.forkStart,
  };
}
