import type { ResponsesRequest } from "../../protocol/index.js";
import { type LaneOwner, startAgentChain } from "./agent-lanes.js";
import { DEFAULT_LANE, RequestChain } from "./chain.js";
import { laneKeyOf, laneLabel, streamIdOf, uniqueLabel } from "./lane-keys.js";

/** One response chain per distinct set of compared request fields (docs/protocol.md, "Lanes"). */
export interface Lane {
  readonly key: string;
  /** Short name for the ledger, the status bar and /status (`medium`, `gpt-5-codex·high`). */
  readonly label: string;
  /** Its `stream_id` on a shared socket; undefined: the socket's default (unnamed) lane. */
  readonly streamId: string | undefined;
  readonly chain: RequestChain;
  /** The subagent whose lane it is (its id); undefined: the session's own. */
  readonly agent?: string;
  /** Requests sent on this lane (for /status). */
  requests: number;
  lastUsed: number;
}

export interface LaneTableOptions {
  /** false: one chain for every request (`ws_lanes = "off"`, the Codex CLI's behaviour). */
  lanes: boolean;
  /** At most this many lanes; the least recently used is dropped (`ws_max_lanes`). */
  maxLanes: number;
  /** The model the session started with: other models lead their lane's label. */
  sessionModel?: string;
  /** Reset the epoch after this many requests (over every lane); 0 = off. */
  maxRequestsPerEpoch: number;
  /** Called on every epoch reset (the session clears its one frozen-outputs map). */
  onEpochReset?(why: string): void;
  /** A lane was dropped to make room (its own socket, if any, is closed). */
  onDropped?(lane: Lane): void;
}

/**
 * The lanes of one session and the epoch they share: every lane replays the same history
 * with the same frozen tool outputs, so an epoch reset resets every lane.
 */
export class LaneTable {
  private readonly byKey = new Map<string, Lane>();
  private tick = 0;
  private requestsInEpoch = 0;

  constructor(private readonly options: LaneTableOptions) {}

  /** Lanes in the order they were created. */
  get all(): readonly Lane[] {
    return [...this.byKey.values()];
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The lane a request with this body continues, if it exists (no side effects). */
  find(body: ResponsesRequest, owner?: LaneOwner): Lane | undefined {
    return this.byKey.get(this.keyOf(body, owner));
  }

  /** The label a new lane for this body would get. */
  labelFor(body: ResponsesRequest, owner?: LaneOwner): string {
    return this.find(body, owner)?.label ?? this.newLabel(body, owner);
  }

  /**
   * The lane for this request: the existing one (now most recently used) or a new one. A
   * subagent's (`owner`) lanes are its own, named, and its first one starts from its fork.
   */
  select(body: ResponsesRequest, owner?: LaneOwner): Lane {
    const key = this.keyOf(body, owner);
    let lane = this.byKey.get(key);
    if (!lane) {
      const mine = this.all.filter((other) => other.agent === owner?.id);
      if (mine.length >= Math.max(1, this.options.maxLanes)) this.dropLeastRecent(owner?.id);
      const label = this.newLabel(body, owner);
      const chain = new RequestChain(label);
      if (owner) startAgentChain(chain, owner, mine.length === 0);
      // the session's first lane has no baseline yet; a later one is a lane of its own
      else if (this.tick > 0) chain.reset("lane_new");
      const unnamedTaken = owner !== undefined || this.all.some((other) => !other.streamId);
      const streamId = unnamedTaken
        ? uniqueLabel(streamIdOf(label), (id) => this.all.some((other) => other.streamId === id))
        : undefined;
      lane = { key, label, streamId, chain, requests: 0, lastUsed: 0 };
      if (owner) lane = { ...lane, agent: owner.id };
      this.byKey.set(key, lane);
    }
    lane.lastUsed = ++this.tick;
    return lane;
  }

  /** A subagent was closed: its lanes go (their own sockets with them). */
  dropAgent(agent: string): void {
    for (const lane of this.all) {
      if (lane.agent !== agent) continue;
      this.byKey.delete(lane.key);
      this.options.onDropped?.(lane);
    }
  }

  /** A request was sent on `lane` (a rate-limit retry takes it back with `uncount`). */
  count(lane: Lane): void {
    lane.requests += 1;
    this.requestsInEpoch += 1;
  }

  uncount(lane: Lane): void {
    lane.requests = Math.max(0, lane.requests - 1);
    this.requestsInEpoch = Math.max(0, this.requestsInEpoch - 1);
  }

  /** `epoch_reset:max_requests` once the epoch has used its request budget. */
  epochLimitReason(): string | undefined {
    const max = this.options.maxRequestsPerEpoch;
    return max > 0 && this.requestsInEpoch >= max ? "epoch_reset:max_requests" : undefined;
  }

  /** Reset the epoch once it has used its request budget; call before building a request. */
  applyEpochLimit(): void {
    if (this.epochLimitReason()) this.resetEpoch("max_requests");
  }

  /** A new epoch for every lane: the next request of each is `epoch_reset:<why>`. */
  resetEpoch(why: string): void {
    for (const lane of this.byKey.values()) lane.chain.reset(`epoch_reset:${why}`);
    this.requestsInEpoch = 0;
    this.options.onEpochReset?.(why);
  }

  /**
   * The person interrupted a turn on `lane`: a stream cut short already forced that lane full
   * (its socket was dropped); otherwise start a new epoch.
   */
  interrupted(lane: Lane | undefined): void {
    if (!lane?.chain.forcedFull) this.resetEpoch("interrupted");
  }

  private keyOf(body: ResponsesRequest, owner?: LaneOwner): string {
    const key = this.options.lanes ? laneKeyOf(body) : "";
    return owner ? `${owner.id}\n${key}` : key;
  }

  private newLabel(body: ResponsesRequest, owner?: LaneOwner): string {
    const own = this.options.lanes ? laneLabel(body, this.options.sessionModel) : DEFAULT_LANE;
    if (!owner && !this.options.lanes) return DEFAULT_LANE;
    const label = owner ? `${owner.name}:${own}` : own;
    return uniqueLabel(label, (candidate) => this.all.some((lane) => lane.label === candidate));
  }

  private dropLeastRecent(agent: string | undefined): void {
    let oldest: Lane | undefined;
    for (const lane of this.byKey.values()) {
      if (lane.chain.inFlight || lane.agent !== agent) continue;
      if (!oldest || lane.lastUsed < oldest.lastUsed) oldest = lane;
    }
    if (!oldest) return;
    this.byKey.delete(oldest.key);
    this.options.onDropped?.(oldest);
  }
}
