import { describeAgent } from "../../session/agent-bill.js";
import { type AgentView, isFinalStatus } from "../../session/agent-view.js";
import type { CostDisplay } from "../../session/cost-display.js";
import { printable } from "../../text/terminal-text.js";
import { describeForecast } from "../cost-labels.js";
import type { TranscriptEntryBody } from "../transcript/transcript-entries.js";
import { append, type UiState } from "./ui-state.js";

/**
 * A subagent changed: the transcript says when it starts (its task, and what its first
 * request is predicted to cost when it runs on another model or effort) and when it ends
 * (its answer or error, requests, cached share, cost). `/agents` lists them all.
 */
export function onAgentUpdate(state: UiState, view: AgentView): UiState {
  const before = state.agentStatus?.[view.id];
  const agentStatus = { ...state.agentStatus, [view.id]: view.status };
  const next = { ...state, agentStatus };
  const entries: TranscriptEntryBody[] = [];
  if (before === undefined) entries.push(startedEntry(view, state.status.costDisplay));
  if (before !== view.status && isFinalStatus(view.status) && view.status !== "shutdown") {
    entries.push({
      kind: "notice",
      level: view.status === "errored" ? "warning" : "info",
      text: printable(describeAgent(view, state.status.costDisplay)),
    });
  }
  return append(next, entries);
}

function startedEntry(view: AgentView, display: CostDisplay | undefined): TranscriptEntryBody {
  const how = view.kind === "fork" ? "forked from this conversation" : "started on a brief";
  const settings = [view.model, view.effort].filter(Boolean).join(" ");
  const forecast = view.forecast
    ? `\nfirst request: ${view.forecast.mode}${view.forecast.reason ? ` — ${view.forecast.reason}` : ""} · ${describeForecast(view.forecast.figures, display)}`
    : "";
  return {
    kind: "notice",
    level: "info",
    text: printable(`${view.name} ${how} (${settings}): ${view.task}${forecast}`),
  };
}
