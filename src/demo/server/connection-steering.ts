import { lookupModel } from "../../models/index.js";
import type { JsonObject, ResponseItem } from "../../protocol/index.js";
import type { DemoEngine } from "./engine.js";
import { type EngineResult, newId } from "./engine-result.js";
import type { DemoHooks } from "./hooks.js";
import { cutForSteering } from "./steer-cut.js";
import { parseSteerFrame, requiredInputStubs } from "./steer-frames.js";
import type { StreamStep } from "./stream.js";

type StreamResult = Extract<EngineResult, { kind: "stream" }>;
type Outcome = "complete" | "dropped" | "stalled" | "gone" | "injected-end" | "steered";

/** Steering input the server owns for one response. */
interface Queued {
  id: string;
  items: ResponseItem[];
}

/** A response this connection is streaming, which `response.steer` can reach. */
interface ActiveRun {
  result: StreamResult;
  queue: Queued[];
  /** It calls a client-owned tool: it completes, and its steering waits (pending). */
  stopsForTools: boolean;
}

/** At most this much steering input may wait for one response (`too_many_pending_steers`). */
const MAX_QUEUED_STEERS = 8;

/**
 * One WebSocket connection's steering (docs/protocol.md, "Steering"): `response.steer` frames
 * are answered at once (accepted into the target's queue, or failed with a 7.59 code); a
 * response with queued input stops at a safe output boundary (`incomplete`, reason `steered`)
 * and an automatic successor answers the input; a response that stops for a tool call
 * completes and announces `response.steer.pending`, and the continuation carries the input.
 */
export class ConnectionSteering {
  private readonly active = new Map<string, ActiveRun>();
  private sequence = 0;

  constructor(
    private readonly engine: DemoEngine,
    private readonly hooks: DemoHooks,
    private readonly connectionId: string,
    private readonly send: (event: JsonObject) => void,
  ) {}

  /** A `response.steer` frame. */
  steer(body: JsonObject): void {
    this.engine.steers.push(body);
    const parsed = parseSteerFrame(body);
    if (!parsed.ok) {
      this.fail(
        undefined,
        "invalid_input",
        parsed.message,
        parsed.previousResponseId,
        parsed.input,
      );
      return;
    }
    const { previousResponseId: target, items } = parsed.frame;
    const run = this.active.get(target);
    const refusal = this.refusal(target, run);
    if (refusal || !run) {
      const [code, message] = refusal ?? ["response_not_found", "No such response."];
      this.fail(run, code, message, target, body.input ?? null);
      return;
    }
    const id = newId("steer");
    run.queue.push({ id, items });
    this.emit(run, {
      type: "response.steer.accepted",
      steer: { id, previous_response_id: target },
    });
  }

  /**
   * Stream `first` and every automatic successor its steering starts. `stream` sends one
   * response's steps with the given cut and says how it ended.
   */
  async serve(
    first: StreamResult,
    body: unknown,
    stream: (
      result: StreamResult,
      cut: (sent: number) => StreamStep[] | undefined,
    ) => Promise<Outcome>,
  ): Promise<Outcome> {
    let result = first;
    const parentBody = body;
    for (;;) {
      const run: ActiveRun = {
        result,
        queue: [],
        stopsForTools:
          !this.hooks.cutPastToolCalls && requiredInputStubs(result.outputItems).length > 0,
      };
      this.active.set(result.responseId, run);
      let cutItems: ResponseItem[] | undefined;
      let end = result.steps.at(-1)?.event;
      const outcome = await stream(result, (sent) => {
        if (run.queue.length === 0 || run.stopsForTools) return undefined;
        const cut = cutForSteering(result.steps, sent, "ws");
        cutItems = cut?.outputItems;
        end = cut?.steps.at(-1)?.event ?? end;
        return cut?.steps;
      });
      this.active.delete(result.responseId);
      if (outcome === "complete" || outcome === "steered") {
        this.engine.reportUsage(result.responseId, (end?.response as JsonObject)?.usage);
      }
      if (outcome !== "complete" && outcome !== "steered") return outcome;
      result.commit(outcome === "steered" ? cutItems : undefined);
      if (run.queue.length === 0) return outcome;
      if (run.stopsForTools) {
        this.pending(run);
        return outcome;
      }
      const input = run.queue.flatMap((queued) => queued.items);
      const next = this.engine.successor(this.connectionId, parentBody, result.responseId, input);
      if (next.kind !== "stream") {
        for (const queued of run.queue) {
          const message = next.kind === "error" ? next.failure.error.message : "no successor";
          this.fail(
            run,
            "successor_creation_failed",
            message,
            result.responseId,
            queued.items,
            queued.id,
          );
        }
        return outcome;
      }
      result = next;
    }
  }

  /** Why steering of `target` is refused, if it is: [code, message]. */
  private refusal(target: string, run: ActiveRun | undefined): [string, string] | undefined {
    if (this.hooks.refuseSteering) {
      return ["steering_not_supported", "Steering is not supported by this provider."];
    }
    if (!run) {
      return this.engine.store.find(this.connectionId, target)
        ? [
            "response_already_completed",
            "The response completed before the steering input arrived.",
          ]
        : undefined;
    }
    if (!lookupModel(run.result.model).steering) {
      return ["steering_not_supported", `The model ${run.result.model} does not support steering.`];
    }
    if (run.queue.length >= MAX_QUEUED_STEERS) {
      return ["too_many_pending_steers", "Too much steering input is pending for the response."];
    }
    return undefined;
  }

  /** The response completed waiting for tool output: its steering waits for the continuation. */
  private pending(run: ActiveRun): void {
    const { responseId } = run.result;
    this.engine.queueSteering(
      responseId,
      run.queue.flatMap((queued) => queued.items),
    );
    const required = requiredInputStubs(run.result.outputItems);
    for (const queued of run.queue) {
      this.emit(run, {
        type: "response.steer.pending",
        reason: "waiting_for_required_input",
        required_input: required,
        steer: { id: queued.id, previous_response_id: responseId },
      });
    }
  }

  private fail(
    run: ActiveRun | undefined,
    code: string,
    message: string,
    target: string,
    input: unknown,
    id?: string,
  ): void {
    this.emit(run, {
      type: "response.steer.failed",
      error: { code, message, type: "invalid_request_error" },
      steer: { input: input as JsonObject, previous_response_id: target, ...(id ? { id } : {}) },
    });
  }

  private emit(run: ActiveRun | undefined, event: JsonObject & { type: string }): void {
    // the target's lane: the running response's, else the lane a stored one was on
    const target = (event.steer as { previous_response_id?: string } | undefined)
      ?.previous_response_id;
    const stored = target ? this.engine.store.find(this.connectionId, target)?.lane : undefined;
    const streamId = run ? run.result.streamId : stored || undefined;
    this.send({
      ...event,
      sequence_number: this.sequence++,
      ...(streamId === undefined ? {} : { stream_id: streamId }),
    });
  }
}
