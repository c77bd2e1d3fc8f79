import type { ResponseItem, ServerEvent, UsageFigures } from "../../protocol/index.js";
import { steerFrameText } from "../../protocol/index.js";
import { chainOf } from "../prompt/index.js";
import type { RequestChain } from "./chain.js";
import type { PlannedRequest } from "./plan.js";

/** What becomes of one steering input sent on the socket. */
export interface SteeringOutcome {
  /** Given back (`response.steer.failed`, or left unsettled), with the code. */
  returned(items: ResponseItem[], code: string): void;
  /** The server took it into the conversation: a successor committed it, or it is pending. */
  committed(): void;
}

/** A response that ended for steering (or completed) before an automatic successor. */
export interface SteeredSegment {
  responseId: string;
  /** Its output items (a steered message is cut short, status `incomplete`). */
  items: ResponseItem[];
  /** The steering input the successor committed (its `response.created`). */
  input: ResponseItem[];
  /** What the server reported it used (billed beside the successor's). */
  usage?: UsageFigures;
}

interface Submission {
  items: ResponseItem[];
  outcome: SteeringOutcome;
  id?: string;
  accepted: boolean;
}

/**
 * One attempt's `response.steer` state machine (docs/protocol.md, "Steering"): what was sent
 * and not yet settled, in order. Accepted input is the server's; the successor's
 * `response.created` commits it; `pending` leaves it queued for the next explicit request
 * (the server prepends it); `failed` gives it back to client-side steering. The stream stays
 * open past a terminal event while anything sent is unsettled.
 */
export class SocketSteering {
  /** The response streaming now (between its `response.created` and its terminal event). */
  private target: string | undefined;
  private ended = false;
  private unsettled: Submission[] = [];
  private readonly seen = new WeakSet<object>();
  private committed: ResponseItem[] = [];
  /** Every input this attempt's successors committed (a failed attempt gives it back). */
  private allCommitted: Submission[] = [];
  private queued: ResponseItem[] = [];
  /** Set by `steering_not_supported`: the session stops steering on the socket. */
  notSupported = false;

  constructor(private readonly send: (text: string) => boolean) {}

  /** Send `items` into the streaming response; false when none streams (steer client-side). */
  steer(items: ResponseItem[], outcome: SteeringOutcome): boolean {
    if (this.target === undefined || this.ended) return false;
    if (!this.send(steerFrameText(this.target, items))) return false;
    this.unsettled.push({ items, outcome, accepted: false });
    return true;
  }

  /** Each event of the attempt, in order (a repeated call with one event is a no-op). */
  observe(event: ServerEvent): void {
    if (this.seen.has(event)) return;
    this.seen.add(event);
    switch (event.type) {
      case "response.created":
        if (this.ended) this.commit();
        this.target = event.response.id;
        this.ended = false;
        break;
      case "response.completed":
      case "response.failed":
      case "response.incomplete":
        this.ended = true;
        break;
      case "response.steer.accepted": {
        const submission = this.unsettled.find((s) => !s.accepted);
        if (submission) Object.assign(submission, { accepted: true, id: event.steer.id });
        break;
      }
      case "response.steer.pending": {
        const submission = this.take(event.steer.id);
        if (submission) this.queued.push(...submission.items);
        submission?.outcome.committed();
        break;
      }
      case "response.steer.failed": {
        const submission = this.take(event.steer.id);
        if (event.error.code === "steering_not_supported") this.notSupported = true;
        submission?.outcome.returned(submission.items, event.error.code);
        break;
      }
      default:
        break;
    }
  }

  /** The transport asks at a terminal event and after: read on while steering is unsettled. */
  keepReading(event: ServerEvent): boolean {
    this.observe(event);
    return this.ended && this.unsettled.length > 0;
  }

  /** The input the latest successor committed (taken once). */
  takeCommitted(): ResponseItem[] {
    const items = this.committed;
    this.committed = [];
    return items;
  }

  /** Whether steering goes on the socket for a request: WS, a model that takes it, not refused. */
  static offered(transport: "ws" | "http", model: { steering: boolean }, warmup: boolean): boolean {
    return transport === "ws" && model.steering && !warmup;
  }

  /** Input the server holds for the next explicit request (pending), taken once. */
  takeQueued(): ResponseItem[] {
    const items = this.queued;
    this.queued = [];
    return items;
  }

  /**
   * The attempt ended: anything still unsettled goes back to client-side steering. Only a cut
   * stream leaves input unsettled, and its chain is gone with it (the next request is full),
   * so nothing reaches the model twice.
   */
  settle(failed: boolean): void {
    const back = failed ? [...this.allCommitted, ...this.unsettled] : this.unsettled;
    for (const submission of back) submission.outcome.returned(submission.items, "no_answer");
    this.allCommitted = [];
    this.unsettled = [];
    this.target = undefined;
  }

  private commit(): void {
    const accepted = this.unsettled.filter((s) => s.accepted);
    this.unsettled = this.unsettled.filter((s) => !s.accepted);
    this.allCommitted.push(...accepted);
    this.committed.push(...accepted.flatMap((s) => s.items));
    for (const submission of accepted) submission.outcome.committed();
  }

  private take(id: string | undefined): Submission | undefined {
    const at = this.unsettled.findIndex((s) => (id === undefined ? !s.accepted : s.id === id));
    const index = at >= 0 ? at : this.unsettled.findIndex((s) => !s.accepted);
    return index >= 0 ? this.unsettled.splice(index, 1)[0] : undefined;
  }
}

/**
 * The chain rule after steering: the request as the server now holds it — its input, then
 * each steered response's items and the steering input its successor committed. Pure.
 */
function steeredBaseline(
  request: PlannedRequest,
  segments: readonly SteeredSegment[],
): PlannedRequest {
  if (segments.length === 0) return request;
  const input = [...request.body.input, ...segments.flatMap((s) => [...s.items, ...s.input])];
  const known = request.body.input.length;
  const chain = chainOf(input, { chain: request.chain.slice(0, known), validLength: known });
  return { body: { ...request.body, input }, chain };
}

interface Ended<R> {
  result: R;
  completed: boolean;
}

/**
 * One attempt's responses as steering strings them together: each response that ended for
 * steering (or completed before a successor) becomes a segment when its successor's
 * `response.created` arrives; the last response is the result.
 */
export class SteeredSegments<
  R extends { responseId: string; items: ResponseItem[]; usage?: UsageFigures },
> {
  private readonly segments: SteeredSegment[] = [];
  private last: Ended<R> | undefined;

  constructor(private readonly steering: SocketSteering | undefined) {}

  /** A response ended with `event`; true when the stream reads on (more follows). */
  ended(result: R, event: ServerEvent): boolean {
    if (!this.steering) return false;
    const steered = event.type === "response.incomplete";
    if (!this.steering.keepReading(event) && !steered) return false;
    this.last = { result, completed: event.type === "response.completed" };
    return true;
  }

  /** A `response.created`: after an ended response, its automatic successor. */
  successorCreated(): void {
    if (!this.last || !this.steering) return;
    const { responseId, items, usage } = this.last.result;
    const input = this.steering.takeCommitted();
    this.segments.push({ responseId, items, input, ...(usage ? { usage } : {}) });
    this.last = undefined;
  }

  /** The completed response the stream read on after (a steering answer came after it). */
  lastCompleted(): R | undefined {
    return this.last?.completed ? this.last.result : undefined;
  }

  finish(result: R): R & { steered?: SteeredSegment[]; queuedSteering?: ResponseItem[] } {
    const queued = this.steering?.takeQueued() ?? [];
    return {
      ...result,
      ...(this.segments.length > 0 ? { steered: [...this.segments] } : {}),
      ...(queued.length > 0 ? { queuedSteering: queued } : {}),
    };
  }
}

/** A transport that can carry a steer frame (the WebSocket). */
interface FrameSender {
  readonly kind: "ws" | "http";
  sendFrame?(text: string): boolean;
}

/**
 * The session's steering on the socket: the attempt that takes `response.steer` now, and
 * whether the provider refused it once (`steering_not_supported`: client-side from then on).
 */
export class SessionSteering {
  private current: SocketSteering | undefined;
  private refused = false;

  /** An attempt starts: its steering, where the transport and the model take it. */
  open(transport: FrameSender, model: { steering: boolean }, warmup: boolean) {
    if (this.refused || !SocketSteering.offered(transport.kind, model, warmup)) return undefined;
    const send = transport.sendFrame?.bind(transport);
    if (!send) return undefined;
    this.current = new SocketSteering(send);
    return this.current;
  }

  /** Into the response streaming now; false: steer client-side. */
  steer(items: ResponseItem[], outcome: SteeringOutcome): boolean {
    return this.current?.steer(items, outcome) ?? false;
  }

  /** The attempt ended (completed, or `failed`): unsettled input goes back. */
  close(steering: SocketSteering | undefined, failed: boolean): void {
    if (!steering) return;
    if (this.current === steering) this.current = undefined;
    steering.settle(failed);
    if (steering.notSupported) this.refused = true;
  }
}

/**
 * A completed attempt moves its chain: after steering, what the server holds now (the
 * previous input, the steered response's items, the steering input) is the baseline; pending
 * steering input joins the head's items.
 */
export function completeChain(
  chain: RequestChain,
  current: PlannedRequest,
  result: {
    responseId: string;
    items: ResponseItem[];
    steered?: SteeredSegment[];
    queuedSteering?: ResponseItem[];
  },
): void {
  const baseline = steeredBaseline(current, result.steered ?? []);
  if (baseline !== current) chain.steered(baseline);
  chain.completed(result.responseId, [...result.items, ...(result.queuedSteering ?? [])]);
}
