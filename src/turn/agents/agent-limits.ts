import { formatUsd } from "../../models/index.js";
import type { AgentLimits, AgentStatus, AgentView, RequestForecast } from "../../session/index.js";
import { groupedNumber } from "../../text/index.js";

/** What the subagents of a session spent so far. */
export interface AgentSpend {
  tokens: number;
  usd: number;
}

export function spendOf(views: readonly AgentView[]): AgentSpend {
  let tokens = 0;
  let usd = 0;
  for (const view of views) {
    tokens += view.inputTokens + view.outputTokens;
    usd += view.usd ?? 0;
  }
  return { tokens, usd };
}

/** Why a child at `depth` may not be spawned (pure); undefined: it may. */
export function depthRefusal(depth: number, limits: AgentLimits): string | undefined {
  if (depth <= limits.maxDepth) return undefined;
  return `spawn_agent refused: agents may nest ${limits.maxDepth} level${limits.maxDepth === 1 ? "" : "s"} deep ([agents] max_depth), so this agent cannot spawn one; do the task yourself.`;
}

/**
 * Why the budget stops a new child (pure): what was spent plus its first request (predicted)
 * would pass `[agents] budget_tokens` or `budget_usd`. Undefined: it fits, or there is none.
 */
export function budgetRefusal(
  limits: AgentLimits,
  spent: AgentSpend,
  next: RequestForecast,
): string | undefined {
  const over = overBudget(limits, spent, {
    tokens: next.inputTokens + next.outputTokens,
    usd: next.usd ?? 0,
  });
  if (!over) return undefined;
  return `spawn_agent refused: the subagent budget of this session would be passed (${over}). Do the rest yourself, or ask the user to raise it.`;
}

/** Why a running child may not send another request: the budget is spent (pure). */
export function budgetSpent(limits: AgentLimits, spent: AgentSpend): string | undefined {
  const over = overBudget(limits, spent, { tokens: 0, usd: 0 });
  return over ? `stopped: the subagent budget of this session is spent (${over})` : undefined;
}

function overBudget(limits: AgentLimits, spent: AgentSpend, more: AgentSpend): string | undefined {
  const { tokens, usd } = limits.budget ?? {};
  const count = groupedNumber;
  const asked = (what: string) =>
    more.tokens > 0 ? `, and this agent's first request needs ~${what}` : "";
  if (tokens !== undefined && (spent.tokens + more.tokens > tokens || spent.tokens >= tokens)) {
    return `spent ${count(spent.tokens)} of ${count(tokens)} tokens${asked(`${count(more.tokens)} tokens`)}; [agents] budget_tokens`;
  }
  if (usd !== undefined && (spent.usd + more.usd > usd || spent.usd >= usd)) {
    return `spent ${formatUsd(spent.usd)} of ${formatUsd(usd)}${asked(formatUsd(more.usd))}; [agents] budget_usd`;
  }
  return undefined;
}

/** What a wait returns for an agent that finished (the Codex CLI's status shapes). */
export function statusForModel(
  status: AgentStatus,
  view: Pick<AgentView, "lastMessage" | "error"> | undefined,
): unknown {
  if (status === "completed") return { completed: view?.lastMessage ?? null };
  if (status === "errored") return { errored: view?.error ?? "failed" };
  return status;
}

/** The wait's timeout: 30 s unless asked, between 10 s and an hour. */
export function waitTimeoutMs(asked: number | undefined): number {
  if (asked === undefined || !Number.isFinite(asked)) return 30_000;
  return Math.min(3_600_000, Math.max(10_000, Math.round(asked)));
}
