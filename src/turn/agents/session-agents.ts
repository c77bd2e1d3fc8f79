import type { ResponseItem } from "../../protocol/index.js";
import type {
  AgentView,
  FrozenToolOutputs,
  FullRequest,
  LaneTable,
  ModelClient,
  SessionOptions,
  SessionSettings,
} from "../../session/index.js";
import type { Settings } from "../../settings/index.js";
import type {
  ApprovalDecision,
  ApprovalGate,
  ApprovalRequest,
  ToolRouter,
} from "../../tools/index.js";
import type { RequestRecorder } from "../request-recorder.js";
import type { ToolCallHooks } from "../tool-calls/index.js";
import type { AgentHost } from "./agent-host.js";
import { AgentManager } from "./agent-manager.js";
import type { ForkSource } from "./child-agent.js";

/** What a session hands over to make its subagents (`SessionParts`). */
interface SessionAgentParts {
  options: SessionOptions;
  config: Settings;
  promptCacheKey: string;
  client: ModelClient;
  lanes: LaneTable;
  recorder: RequestRecorder;
  approve: ApprovalGate;
  hooks: ToolCallHooks;
  person?(request: ApprovalRequest): Promise<ApprovalDecision>;
  history(): readonly ResponseItem[];
  settings(): SessionSettings;
  frozen: FrozenToolOutputs;
  build(): FullRequest;
  turn(): number;
  update(view: AgentView): void;
}

/**
 * The session's subagents, when `[agents]` is on: the manager and the router the session
 * offers (its own tools, then spawn_agent, send_input, wait_agent, close_agent). Off: none,
 * and the session's tools as they are.
 */
export function sessionAgents(parts: SessionAgentParts): {
  manager?: AgentManager;
  router: ToolRouter;
} {
  const { options } = parts;
  if (!options.agents) return { router: options.tools };
  let manager: AgentManager | undefined;
  const host: AgentHost = {
    sessionId: options.id,
    promptCacheKey: parts.promptCacheKey,
    instructions: options.instructions,
    client: parts.client,
    recorder: parts.recorder,
    cwd: options.cwd,
    workspaceRoots: options.workspaceRoots,
    sandbox: options.sandbox,
    config: parts.config,
    approve: parts.approve,
    hooks: parts.hooks,
    ...(parts.person ? { person: parts.person } : {}),
    tools: options.tools,
    history: parts.history,
    settings: parts.settings,
    frozen: () => parts.frozen.copy(),
    build: parts.build,
    seedFor: (body, owner) => {
      const chain = parts.lanes.find(body, owner)?.chain;
      const state = chain?.current;
      return chain && state?.kind === "chained" ? { head: state.head, from: chain } : undefined;
    },
    dropLanes: (agent) => parts.lanes.dropAgent(agent),
    turn: parts.turn,
    ...(options.childStore ? { childStore: options.childStore } : {}),
    checkBudget: () => manager?.checkBudget(),
    update: (view) => {
      parts.update(view);
      manager?.changed();
    },
  };
  manager = new AgentManager(host, options.agents);
  const root: ForkSource = {
    id: options.id,
    depth: 0,
    tools: options.tools,
    items: parts.history,
    settings: parts.settings,
    frozen: host.frozen,
    seed: () => host.seedFor(parts.build().body),
  };
  return { manager, router: manager.routerFor(root) };
}
