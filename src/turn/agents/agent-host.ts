import type { ResponseItem } from "../../protocol/index.js";
import type { SandboxMode } from "../../sandbox/index.js";
import type {
  AgentView,
  ChildThread,
  ForkSeed,
  FrozenToolOutputs,
  FullRequest,
  HistoryStore,
  LaneOwner,
  ModelClient,
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

/**
 * What a session lends its subagents (docs/architecture.md, "Subagents"): its model client
 * (so its socket and lanes), its recorder (its ledger), where and how tools run (its sandbox
 * and approval gate: a child never gets wider permissions), and what a fork copies.
 */
export interface AgentHost {
  readonly sessionId: string;
  readonly promptCacheKey: string;
  readonly instructions: string;
  readonly client: ModelClient;
  readonly recorder: RequestRecorder;
  readonly cwd: string;
  readonly workspaceRoots: string[];
  readonly sandbox: SandboxMode;
  /** The run's settings (src/settings): a child's turns read them as the session's. */
  readonly config: Settings;
  /** The session's approval gate (absent: every call runs as planned). */
  approve?: ApprovalGate;
  /** The session's PreToolUse/PostToolUse hooks: they judge a child's calls as the session's. */
  readonly hooks?: ToolCallHooks;
  /** Who answers a PreToolUse hook's "ask" (the person, asked naming the agent). */
  person?(request: ApprovalRequest): Promise<ApprovalDecision>;
  /** The session's own tools (without the subagent tools). */
  readonly tools: ToolRouter;
  /** The session's history, settings and frozen outputs now (a fork copies them). */
  history(): readonly ResponseItem[];
  settings(): SessionSettings;
  frozen(): FrozenToolOutputs;
  /** The session's own next request as things are (its lane is where a fork starts). */
  build(): FullRequest;
  /** The head of the lane `body` goes to (of `owner`'s lanes; none: the session's), if chained. */
  seedFor(body: FullRequest["body"], owner?: LaneOwner): ForkSeed | undefined;
  /** A closed subagent's lanes go. */
  dropLanes(agent: string): void;
  /** The session's current turn number (children's ledger rows are counted under it). */
  turn(): number;
  /** Throws when the subagent budget is spent (before each child request). */
  checkBudget(agent: string): void;
  /** Where a subagent's own conversation is saved (absent: the session saves nothing). */
  childStore?(child: ChildThread): HistoryStore;
  /** A subagent changed: the session's `agent_update` event. */
  update(view: AgentView): void;
}
