import type { ResponsesTransport, TurnState } from "../../transport/index.js";
import type { Lane } from "./lanes.js";

/** What the model client needs from a WebSocket transport. */
export interface SocketTransport extends ResponsesTransport {
  connect(signal?: AbortSignal, turnState?: TurnState): Promise<void>;
  /** A 401 error frame refused the open socket's token: drop it, refresh the token once. */
  refreshAfterUnauthorized(): Promise<void>;
  readonly connectionId: string | undefined;
  readonly openedAt: number | undefined;
  /** Distinct `stream_id`s the current connection has carried. */
  readonly namedLaneCount: number;
  hasCarried(streamId: string): boolean;
  /** Send a frame that is not a request (`response.steer`); false when the socket is closed. */
  sendFrame(text: string): boolean;
}

/**
 * How lanes reach the server (`ws_lanes`): `off` and `stream_id` share one socket (named
 * lanes send their `stream_id`), `connections` gives each lane a socket of its own.
 */
type LaneTransport = "off" | "stream_id" | "connections";

/** Connections end at 60 minutes; start a new epoch on a new socket five minutes before. */
export const SOCKET_MAX_AGE_MS = 55 * 60 * 1000;

/** Servers keep at most this many distinct named lanes per connection lifetime. */
const MAX_NAMED_LANES_PER_CONNECTION = 32;

/** Whether `streamId` would be one named lane too many on `socket`'s connection. */
export function laneBudgetSpent(socket: SocketTransport, streamId: string | undefined): boolean {
  return (
    streamId !== undefined &&
    !socket.hasCarried(streamId) &&
    socket.namedLaneCount >= MAX_NAMED_LANES_PER_CONNECTION
  );
}

/** The sockets of the lanes: one shared, or one per lane opened lazily. */
export class LaneSockets {
  private shared: SocketTransport | undefined;
  private readonly own = new Map<string, SocketTransport>();

  constructor(
    private transport: LaneTransport,
    private readonly create: () => SocketTransport,
  ) {}

  get mode(): LaneTransport {
    return this.transport;
  }

  /**
   * Whether `lane` has a socket of its own: every lane with `connections`, and a subagent's
   * with lanes `off` (one unnamed lane a socket: sharing it would replace the parent's head).
   */
  private ownSocket(lane: Lane): boolean {
    return (
      this.transport === "connections" || (this.transport === "off" && lane.agent !== undefined)
    );
  }

  /** The socket `lane` uses (created, not yet connected, on first use). */
  socketFor(lane: Lane): SocketTransport {
    if (!this.ownSocket(lane)) {
      this.shared ??= this.create();
      return this.shared;
    }
    let socket = this.own.get(lane.key);
    if (!socket) {
      socket = this.create();
      this.own.set(lane.key, socket);
    }
    return socket;
  }

  /** The connection `lane` would send on now, without opening anything. */
  connectionOf(lane: Lane): string | undefined {
    return (this.ownSocket(lane) ? this.own.get(lane.key) : this.shared)?.connectionId;
  }

  /** The shared socket's connection, where a new subagent lane would go (none: own sockets). */
  get sharedConnection(): string | undefined {
    return this.transport === "stream_id" ? this.shared?.connectionId : undefined;
  }

  /** Whether a socket's lanes are every lane (a rotation of it is an epoch for all). */
  get sharedByAll(): boolean {
    return this.transport !== "connections";
  }

  /** The `stream_id` `lane` sends (only named lanes on a `stream_id` socket send one). */
  streamIdFor(lane: Lane): string | undefined {
    return this.transport === "stream_id" ? lane.streamId : undefined;
  }

  /** A lane was dropped: close its own socket (a shared one stays for the others). */
  dropLane(lane: Lane): void {
    this.own.get(lane.key)?.close();
    this.own.delete(lane.key);
  }

  /**
   * `stream_id` lanes were turned down: one socket per lane from now on. `keeper` (the lane
   * whose head the server still holds on the shared socket) keeps it; every other lane gets
   * a new socket on its next use.
   */
  splitPerLane(keeper: Lane | undefined): void {
    if (this.transport === "connections") return;
    this.transport = "connections";
    if (keeper && this.shared) this.own.set(keeper.key, this.shared);
    else this.shared?.close();
    this.shared = undefined;
  }

  closeAll(): void {
    this.shared?.close();
    for (const socket of this.own.values()) socket.close();
    this.own.clear();
  }
}
