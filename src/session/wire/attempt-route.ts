import type { ServerEvent } from "../../protocol/index.js";
import type { LaneRoute, TurnState } from "../../transport/index.js";
import type { SocketSteering } from "./socket-steering.js";

/**
 * How one attempt's stream is read: on its lane's `stream_id` (noting a server that did not
 * echo it), with its owner's turn state (the Codex backend), and with socket steering, on
 * past a steered end while steering is unsettled.
 */
export class AttemptRoute {
  /** The response's first event did not echo the lane's `stream_id`. */
  ignored = false;
  /** What the transport is given; undefined: the connection's default lane, no steering. */
  readonly lane: LaneRoute | undefined;

  constructor(
    streamId: string | undefined,
    steering: SocketSteering | undefined,
    turnState?: TurnState,
  ) {
    const route: LaneRoute = turnState ? { turnState } : {};
    if (streamId) {
      route.streamId = streamId;
      route.onIgnored = () => {
        this.ignored = true;
      };
    }
    if (steering) route.keepReading = (event: ServerEvent) => steering.keepReading(event);
    this.lane = streamId || steering || turnState ? route : undefined;
  }
}
