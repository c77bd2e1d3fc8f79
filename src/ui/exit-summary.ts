import type { SessionStatus } from "../session/index.js";
import {
  agentBillsOfViews,
  formatAgentBills,
  planUsageLines,
  warmupLine,
} from "../session/index.js";
import { groupedNumber } from "../text/index.js";
import { costLine } from "./labels/index.js";

/** How to continue a session from the shell: the TUI on it again (`mini-codex resume <id>`). */
function resumeCommand(sessionId: string): string {
  return `mini-codex resume ${sessionId}`;
}

const count = groupedNumber;

/**
 * What is printed after the TUI leaves: the session, how to come back, what it cost (the
 * warm-up on a line of its own when one was billed), a ChatGPT plan's usage, the subagents.
 */
export function exitSummary(
  status: Pick<SessionStatus, "sessionId" | "totals" | "agents" | "costDisplay" | "planUsage">,
  continueWith: (sessionId: string) => string = resumeCommand,
): string[] {
  const t = status.totals;
  const requests = `${t.requests} request${t.requests === 1 ? "" : "s"}`;
  const warmup = warmupLine(t.warmup, status.costDisplay);
  return [
    `Session ${status.sessionId}`,
    `Continue it with: ${continueWith(status.sessionId)}`,
    `Tokens: input ${count(t.inputTokens)} (cached ${count(t.cachedTokens)}) · output ${count(t.outputTokens)} · ${requests}`,
    `Cost: ${costLine(t.cost, status.costDisplay)}`,
    ...(warmup ? [`Warm-up: ${warmup}`] : []),
    ...planLines(status),
    ...agentLines(status),
  ];
}

/** A ChatGPT plan's windows and each turn's share, as /status says them (capitalised). */
function planLines({ planUsage, costDisplay }: Pick<SessionStatus, "planUsage" | "costDisplay">) {
  if (costDisplay !== "plan" || !planUsage) return [];
  return planUsageLines(planUsage).map((line) => `${line[0]?.toUpperCase()}${line.slice(1)}`);
}

/** The bill of each subagent (its share is in the totals above) and what their warm starts saved. */
function agentLines({
  agents,
  costDisplay,
}: Pick<SessionStatus, "agents" | "costDisplay">): string[] {
  const lines = formatAgentBills(agentBillsOfViews(agents ?? []), costDisplay);
  return lines.length === 0 ? [] : ["Subagents:", ...lines.map((line) => `  ${line}`)];
}
