import type { AgentTag } from "../ledger/index.js";
import type { ChainHead, RequestChain } from "./chain.js";
import { type PlannedRequest, planWireRequest, type WirePlan } from "./plan.js";

/** The parent's head at the spawn: a full fork's first request continues it when it can. */
export interface ForkSeed {
  head: ChainHead;
  /** The parent's lane chain: the head is continuable while it is that lane's latest response. */
  from: RequestChain;
}

/**
 * A subagent's lanes (docs/protocol.md, "Subagents"): lanes of their own, never mixed with
 * the parent's (their own `stream_id` on the parent's socket), the first one starting from
 * `start`: the parent's head (a full fork) or full for a reason recorded in the ledger.
 */
export interface LaneOwner extends AgentTag {
  start: { kind: "fork"; seed: ForkSeed } | { kind: "full"; reason: string };
}

/** Why a fork cannot continue its parent's head any more: the parent lane completed another response. */
const FORK_PARENT_MOVED = "fork_parent_moved";

/**
 * Where an agent's first lane starts: the seed's head while it is still the parent lane's
 * latest response and nothing is on its way to replace it (the server forks it onto the new
 * lane), else full with the reason.
 */
function agentLaneStart(owner: LaneOwner): { head: ChainHead } | { reason: string } {
  const { start } = owner;
  if (start.kind === "full") return { reason: start.reason };
  const { head, from } = start.seed;
  const state = from.current;
  const settled = state.kind === "chained" && state.head.responseId === head.responseId;
  return settled && from.latestResponseId === head.responseId
    ? { head }
    : { reason: FORK_PARENT_MOVED };
}

/** Start a new lane's chain for `owner` (its first lane: the fork; a later one: `lane_new`). */
export function startAgentChain(chain: RequestChain, owner: LaneOwner, first: boolean): void {
  if (!first) {
    chain.reset("lane_new");
    return;
  }
  const start = agentLaneStart(owner);
  if ("head" in start) chain.continueFrom(start.head);
  else chain.reset(start.reason);
}

/** What an agent's first request would be (the forecast before it runs; nothing consumed). */
export function previewAgentStart(
  owner: LaneOwner,
  current: PlannedRequest,
  transport: "ws" | "http",
  connection: string | undefined,
): WirePlan {
  const start = agentLaneStart(owner);
  if (!("head" in start))
    return planWireRequest({ transport, current, forcedReason: start.reason });
  const moved = start.head.connection !== connection ? "reconnected" : undefined;
  return planWireRequest({
    transport,
    previous: start.head.request,
    head: start.head,
    current,
    ...(moved ? { forcedReason: moved } : {}),
  });
}

/** The tag alone (what a request and its ledger row carry). */
export function agentTagOf(owner: AgentTag): AgentTag {
  return { id: owner.id, name: owner.name, parent: owner.parent };
}
