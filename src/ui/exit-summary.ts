import { agentBillsOfViews, formatAgentBills } from "../session/agent-bill.js";
import type { SessionStatus } from "../session/api.js";
import { groupedNumber } from "../text/grouped-number.js";
import { costLine } from "./cost-labels.js";

/** How to continue a session from the shell: the TUI on it again (`mini-codex resume <id>`). */
export function resumeCommand(sessionId: string): string {
  return `mini-codex resume ${sessionId}`;
}

const count = groupedNumber;

/** What is printed after the TUI leaves: the session, how to come back, what it cost. */
export function exitSummary(
  status: Pick<SessionStatus, "sessionId" | "totals" | "agents" | "costDisplay">,
  continueWith: (sessionId: string) => string = resumeCommand,
): string[] {
  const t = status.totals;
  const requests = `${t.requests} request${t.requests === 1 ? "" : "s"}`;
  return [
    `Session ${status.sessionId}`,
    `Continue it with: ${continueWith(status.sessionId)}`,
    `Tokens: input ${count(t.inputTokens)} (cached ${count(t.cachedTokens)}) · output ${count(t.outputTokens)} · ${requests}`,
    `Cost: ${costLine(t.cost, status.costDisplay)}`,
    ...agentLines(status),
  ];
}

/** The bill of each subagent (its share is in the totals above) and what their warm starts saved. */
function agentLines({
  agents,
  costDisplay,
}: Pick<SessionStatus, "agents" | "costDisplay">): string[] {
  const lines = formatAgentBills(agentBillsOfViews(agents ?? []), costDisplay);
  return lines.length === 0 ? [] : ["Subagents:", ...lines.map((line) => `  ${line}`)];
}
