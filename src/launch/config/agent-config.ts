import { type AgentLimits, DEFAULT_AGENT_LIMITS } from "../../session/index.js";
import type { MiniCodexConfig } from "./config-schema.js";

/**
 * The subagent limits of `[agents]` (docs/config.md, "Subagents"), or undefined when they are
 * off (`[agents] enabled = false`, or the Codex CLI's `[features] multi_agent = false`).
 */
export function agentLimitsOf(config: MiniCodexConfig): AgentLimits | undefined {
  const agents = config.agents ?? {};
  if (agents.enabled === false || config.features?.multi_agent === false) return undefined;
  const budget = {
    ...(agents.budget_tokens !== undefined ? { tokens: agents.budget_tokens } : {}),
    ...(agents.budget_usd !== undefined ? { usd: agents.budget_usd } : {}),
  };
  return {
    maxThreads: agents.max_threads ?? DEFAULT_AGENT_LIMITS.maxThreads,
    maxDepth: agents.max_depth ?? DEFAULT_AGENT_LIMITS.maxDepth,
    ...(Object.keys(budget).length > 0 ? { budget } : {}),
    ...(agents.fork_start ? { forkStart: agents.fork_start } : {}),
  };
}
