import type { ResponseItem } from "../../protocol/index.js";

/** The lane a request without `stream_id` uses (and every request when the server ignores it). */
export const DEFAULT_LANE = "";

/** Distinct named lanes one connection may open in its lifetime (the WebSocket-mode guide's limit). */
const MAX_NAMED_LANES = 32;

/** A lane's most recent completed response: its id and its whole context (input + output). */
interface LaneHead {
  lane: string;
  responseId: string;
  context: ResponseItem[];
  /** The first this many items pair every call with its output (the input that was checked). */
  pairedLength?: number;
}

interface ConnectionLanes {
  heads: Map<string, LaneHead>;
  /** Every named lane this connection ever opened (the limit counts a lifetime, not the live ones). */
  opened: Set<string>;
}

/**
 * Connection-local response memory, as the WebSocket mode keeps it: one latest response per
 * lane, nothing older; a closed connection loses every lane.
 */
export class LaneStore {
  private readonly connections = new Map<string, ConnectionLanes>();

  /**
   * Open (or reuse) a named lane; false when the connection already opened its
   * `MAX_NAMED_LANES` distinct ones. The default lane is always open.
   */
  admit(connectionId: string, lane: string): boolean {
    if (lane === DEFAULT_LANE) return true;
    const lanes = this.lanesOf(connectionId);
    if (lanes.opened.has(lane)) return true;
    if (lanes.opened.size >= MAX_NAMED_LANES) return false;
    lanes.opened.add(lane);
    return true;
  }

  /**
   * The head a `previous_response_id` may continue: the latest response of the request's own
   * lane, or of another lane on this connection (a fork onto this lane). Older responses are gone.
   */
  find(connectionId: string, responseId: string): LaneHead | undefined {
    const heads = this.connections.get(connectionId)?.heads;
    if (!heads) return undefined;
    for (const head of heads.values()) if (head.responseId === responseId) return head;
    return undefined;
  }

  /** The lane's new latest response (it replaces the previous one). */
  put(connectionId: string, head: LaneHead): void {
    this.lanesOf(connectionId).heads.set(head.lane, head);
  }

  /** A failed continuation evicts the response it referenced. */
  evict(connectionId: string, responseId: string): void {
    const head = this.find(connectionId, responseId);
    if (head) this.connections.get(connectionId)?.heads.delete(head.lane);
  }

  dropConnection(connectionId: string): void {
    this.connections.delete(connectionId);
  }

  /** Forget every response (lanes opened stay counted against the limit). */
  forgetAll(): void {
    for (const lanes of this.connections.values()) lanes.heads.clear();
  }

  private lanesOf(connectionId: string): ConnectionLanes {
    let lanes = this.connections.get(connectionId);
    if (!lanes) {
      lanes = { heads: new Map(), opened: new Set() };
      this.connections.set(connectionId, lanes);
    }
    return lanes;
  }
}
