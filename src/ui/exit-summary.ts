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
  status: Pick<SessionStatus, "sessionId" | "totals">,
  continueWith: (sessionId: string) => string = resumeCommand,
): string[] {
  const t = status.totals;
  const requests = `${t.requests} request${t.requests === 1 ? "" : "s"}`;
  return [
    `Session ${status.sessionId}`,
    `Continue it with: ${continueWith(status.sessionId)}`,
    `Tokens: input ${count(t.inputTokens)} (cached ${count(t.cachedTokens)}) · output ${count(t.outputTokens)} · ${requests}`,
    `Cost: ${costLine(t.cost)}`,
  ];
}
