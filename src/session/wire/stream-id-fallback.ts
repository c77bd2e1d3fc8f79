import type { TransportError } from "../../transport/index.js";
import { ModelRequestError } from "./failures.js";
import type { LaneSockets } from "./lane-sockets.js";
import type { Lane, LaneTable } from "./lanes.js";
import type { WsLanes } from "./provider-settings.js";

/**
 * What the model client does when a server refuses or ignores WebSocket `stream_id` lanes
 * (docs/protocol.md): fail (`ws_lanes = "stream_id"`), or split the lanes onto one socket
 * each, warning once either way.
 */
export class StreamIdFallback {
  private warned = false;
  /** `ws_lanes = "stream_id"` on a server that ignores it: all lanes share its one lane. */
  oneServerLane = false;

  constructor(
    private readonly wsLanes: WsLanes,
    private readonly lanes: LaneTable,
    private readonly sockets: LaneSockets,
    private readonly warn: (message: string) => void,
  ) {}

  /** The provider refused `stream_id` (an error naming it): one socket per lane from now on. */
  refused(error: TransportError, lane: Lane): void {
    if (this.wsLanes === "stream_id") {
      lane.chain.failed();
      throw new ModelRequestError(
        `the provider refused WebSocket stream_id lanes (${error.code ?? error.message}); set ws_lanes = "connections" or "auto"`,
        false,
      );
    }
    lane.chain.failed("lane_fallback");
    // the unnamed lane's head is untouched on the shared socket: it keeps that socket
    const keeper = this.lanes.all.find((lane) => lane.streamId === undefined);
    this.splitLanes(keeper, `refused (${error.code ?? "error"})`);
  }

  /**
   * A named lane's response did not echo its `stream_id`: the server ran it on its default
   * lane, whose previous response is gone. `lane` (the one that completed) keeps the socket.
   */
  ignored(lane: Lane | undefined): void {
    if (this.sockets.mode !== "stream_id") return;
    if (this.wsLanes === "stream_id") {
      // the server has one lane: every response replaces every other lane's
      this.oneServerLane = true;
      for (const other of this.lanes.all) {
        if (other !== lane) other.chain.force("lane_consumed");
      }
      this.warnOnce(
        "the provider ignores WebSocket stream_id: each lane change replaces the other lanes' responses",
      );
      return;
    }
    this.splitLanes(lane, "ignored");
  }

  private splitLanes(keeper: Lane | undefined, why: string): void {
    for (const lane of this.lanes.all) {
      if (lane !== keeper) lane.chain.force("lane_fallback");
    }
    this.sockets.splitPerLane(keeper);
    this.warnOnce(
      `WebSocket stream_id lanes ${why} by the provider; using one connection per lane for the rest of this session`,
    );
  }

  private warnOnce(message: string): void {
    if (this.warned) return;
    this.warned = true;
    this.warn(message);
  }
}
