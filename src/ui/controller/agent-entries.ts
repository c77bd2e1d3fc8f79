import type { CostDisplay } from "../../session/index.js";
import { type AgentView, describeAgent, isFinalStatus } from "../../session/index.js";
import { printable } from "../../text/index.js";
import { describeForecast } from "../labels/index.js";
import type { TranscriptEntryBody } from "../model/index.js";
import { type AgentsActivity, append, type UiState, withStatus } from "./ui-state.js";

/**
 * A subagent changed: the transcript says when it starts (its task, and what its first
 * request is predicted to cost when it runs on another model or effort) and when it ends
 * (its answer or error, requests, cached share, cost); the status bar counts the ones that
 * run or wait. `/agents` lists them all.
 */
export function onAgentUpdate(state: UiState, view: AgentView): UiState {
  const before = state.agents?.[view.id]?.status;
  const agents = { ...state.agents, [view.id]: view };
  const next = withStatus({ ...state, agents }, { agents: agentsActivity(Object.values(agents)) });
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

/** How many subagents run and wait, and what they all cost so far (pure); none active: undefined. */
function agentsActivity(views: readonly AgentView[]): AgentsActivity | undefined {
  const active = views.filter((view) => !isFinalStatus(view.status));
  if (active.length === 0) return undefined;
  const priced = views.filter((view) => view.usd !== undefined);
  return {
    running: active.filter((view) => view.status === "running").length,
    active: active.length,
    ...(priced.length > 0 ? { usd: priced.reduce((sum, view) => sum + (view.usd ?? 0), 0) } : {}),
  };
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
