import type { ReasoningEffort } from "../../protocol/index.js";
import { REASONING_EFFORTS } from "../../protocol/index.js";
import type {
  AgentLimits,
  LaneOwner,
  RequestForecast,
  SessionSettings,
  WirePlan,
} from "../../session/index.js";
import { FrozenToolOutputs } from "../../session/index.js";
import type { ToolRouter } from "../../tools/index.js";
import type { AgentHost } from "./agent-host.js";
import { type AgentSpend, budgetRefusal, depthRefusal } from "./agent-limits.js";
import { type AgentControl, specName, ToolSubset } from "./agent-tools.js";
import { ChildAgent, type ForkSource } from "./child-agent.js";
import { forkHistory, isolatedHistory } from "./fork-history.js";

/** What a spawn_agent call asks for, and what the manager knows when it arrives. */
interface SpawnRequest {
  host: AgentHost;
  limits: AgentLimits;
  source: ForkSource;
  args: Parameters<AgentControl["spawn"]>[0];
  task: string;
  callId: string;
  id: string;
  name: string;
  spent: AgentSpend;
  router(source: ForkSource): ToolRouter;
}

/**
 * The child a spawn_agent call makes (not started), or why it is refused: no task, too deep,
 * an effort or tool that does not exist, or a budget its first request would pass. A child
 * on another model or effort than its spawner carries its predicted first request (`note`).
 */
export function prepareChild(
  request: SpawnRequest,
): { child: ChildAgent; note?: string } | { refused: string } {
  const { args, source, task } = request;
  if (!task) return { refused: "spawn_agent needs a task: give `message` (or text `items`)" };
  const depth = source.depth + 1;
  const tooDeep = depthRefusal(depth, request.limits);
  if (tooDeep) return { refused: tooDeep };
  const effort = args.reasoning_effort?.trim();
  if (effort && !(REASONING_EFFORTS as readonly string[]).includes(effort)) {
    return {
      refused: `spawn_agent: unknown reasoning_effort "${effort}" (one of ${REASONING_EFFORTS.join(", ")})`,
    };
  }
  const base = source.settings();
  const settings: SessionSettings = {
    ...base,
    ...(args.model?.trim() ? { model: args.model.trim() } : {}),
    ...(effort ? { effort: effort as ReasoningEffort } : {}),
  };
  const fork = args.fork_context === true;
  const tools = fork ? source.tools : chosenTools(source.tools, args.tools);
  if (typeof tools === "string") return { refused: tools };
  const cold = request.limits.forkStart === "cold";
  const seed = fork && !cold ? source.seed() : undefined;
  const owner: LaneOwner = {
    id: request.id,
    name: request.name,
    parent: source.id,
    start: seed
      ? { kind: "fork", seed }
      : { kind: "full", reason: !fork ? "agent_isolated" : cold ? "fork_cold" : "fork_no_head" },
  };
  const child = new ChildAgent(request.host, {
    owner,
    kind: fork ? "fork" : "isolated",
    task,
    history: fork
      ? forkHistory(source.items(), request.callId, task)
      : isolatedHistory(source.items(), request.router({ ...source, tools }).specs(), task),
    frozen: fork ? source.frozen() : new FrozenToolOutputs(),
    parentSettings: base,
    settings,
    depth,
    ...(cold ? { promptCacheKey: request.id } : {}),
    baseTools: tools,
    makeTools: (self) => request.router(self),
  });
  const forecast = child.forecast();
  const changed = settings.model !== base.model || settings.effort !== base.effort;
  if (changed) child.announceForecast(forecast);
  if (request.limits.budget) {
    const over = budgetRefusal(request.limits, request.spent, forecast.figures);
    if (over) return { refused: over };
  }
  return changed ? { child, note: describeFirstRequest(forecast) } : { child };
}

/** An isolated child's chosen tools (all of the spawner's when none are named), or why not. */
function chosenTools(tools: ToolRouter, names: readonly string[] | undefined): ToolRouter | string {
  if (!names || names.length === 0) return tools;
  const offered = tools.specs().map(specName);
  const unknown = names.filter((name) => !offered.includes(name));
  if (unknown.length > 0) {
    return `spawn_agent: no tool ${unknown.join(", ")} (the tools are ${offered.join(", ")})`;
  }
  return new ToolSubset(tools, new Set(names));
}

/** "full (properties_changed:reasoning): ~3 100 input tokens, 0 cached, ~$0.0042" for the model. */
function describeFirstRequest(forecast: { plan: WirePlan; figures: RequestForecast }): string {
  const { plan, figures } = forecast;
  const how = plan.kind === "incremental" ? "incremental" : `full (${plan.reason})`;
  const usd = figures.usd === undefined ? "no price" : `~$${figures.usd.toPrecision(2)}`;
  return `${how}: ~${figures.inputTokens} input tokens, ${figures.cachedTokens} cached, ${usd}`;
}
