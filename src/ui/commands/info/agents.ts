import type { AgentView } from "../../../session/index.js";
import { agentCostText } from "../../../session/index.js";
import { printable } from "../../../text/index.js";
import { compactNumber, percent } from "../../labels/index.js";
import { info, type SlashCommand } from "../types.js";

/** A task or answer in one table cell: its first line, cut short. */
function cell(text: string | undefined, max = 48): string {
  const first = printable((text ?? "").trim().split("\n", 1)[0] ?? "");
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/** `/agents`: the session's subagents with task, state, requests, cached share and cost. */
export const agentsCommand: SlashCommand = {
  name: "agents",
  description: "the subagents of this session: task, state, requests, cached share, cost",
  allowedWhileBusy: true,
  run(ctx) {
    const agents = ctx.controller.session.status().agents;
    if (agents === undefined) {
      ctx.print(info("Subagents are off in this session ([agents] enabled = false)."));
      return;
    }
    if (agents.length === 0) {
      ctx.print(info("No subagents yet: the model starts them with spawn_agent."));
      return;
    }
    ctx.print({
      kind: "table",
      title: `Subagents (${agents.length})`,
      header: [
        "agent",
        "kind",
        "state",
        "task",
        "requests",
        "input",
        "cached",
        "cost",
        "start",
        "last message",
      ],
      rows: agents.map((agent) => [
        agent.name,
        agent.kind,
        agent.status,
        cell(agent.task),
        String(agent.requests),
        compactNumber(agent.inputTokens),
        percent(agent.cachedTokens, agent.inputTokens),
        agentCostText(agent),
        agent.start
          ? agent.start.mode === "ws_incremental"
            ? "warm"
            : `full: ${agent.start.reason ?? agent.start.mode}`
          : "–",
        cell(agent.status === "errored" ? agent.error : agent.lastMessage),
      ]),
    });
    const stopped = agents.filter((agent) => (agent.stoppedResponses ?? 0) > 0);
    if (stopped.length > 0) ctx.print(info(stoppedNote(stopped)));
  },
};

/** What stopping cost: the responses stopped mid-stream are generated and billed to their end. */
function stoppedNote(agents: readonly AgentView[]): string {
  const which = agents
    .map(
      (agent) =>
        `${agent.name} (${agent.stoppedResponses} response${agent.stoppedResponses === 1 ? "" : "s"})`,
    )
    .join(", ");
  return `Stopped mid-response: ${which}. No cancel exists for a streaming response: the server generates and bills each to its end, and its tokens are not in the figures above.`;
}
