import type { ResponseItem } from "../../protocol/index.js";
import {
  type PlanUsage,
  planUsageFromEvent,
  type ServerEvent,
  type Usage,
  type UsageFigures,
  usageFigures,
} from "../../protocol/index.js";
import { parseRetryAfterMs, TransportError } from "../../transport/index.js";
import { type ServerCacheAnswer, serverCacheAnswer } from "../ledger/index.js";
import { type SocketSteering, type SteeredSegment, SteeredSegments } from "./socket-steering.js";

/** What one streamed response produced. */
export interface CompletedResponse {
  responseId: string;
  /** The response's `output_item.done` items, in order (docs/protocol.md, "Server events"). */
  items: ResponseItem[];
  usage?: UsageFigures;
  /** The server's prompt-cache diagnosis, when it sent one. */
  serverCache?: ServerCacheAnswer;
  /** The plan usage the Codex backend reported with the response (its latest figures). */
  planUsage?: PlanUsage;
  /** Responses that ended for steering before this one, their automatic successor (in order). */
  steered?: SteeredSegment[];
  /**
   * Steering input the server holds for the next request (`response.steer.pending`): history
   * puts it after these items, before the tool outputs; it is never sent again.
   */
  queuedSteering?: ResponseItem[];
}

export interface StreamTiming {
  msToFirstEvent?: number;
}

/**
 * Read one response's events until `response.completed`. `response.failed` and
 * `response.incomplete` become TransportErrors (rate limits retryable after the suggested
 * delay); every event is handed to `onEvent` as it arrives.
 */
export async function readResponse(
  events: AsyncIterable<ServerEvent>,
  onEvent: (event: ServerEvent) => void,
  timing: StreamTiming & { startedAt: number; now: () => number },
  steering?: SocketSteering,
): Promise<CompletedResponse> {
  let items: ResponseItem[] = [];
  const segments = new SteeredSegments(steering);
  /**
   * The id the latest `response.created` announced: the one response this stream is about
   * (after a steered end, the server's automatic successor).
   */
  let createdId: string | undefined;
  let planUsage: PlanUsage | undefined;
  const withUsage = <T extends CompletedResponse>(result: T): T =>
    planUsage ? { ...result, planUsage } : result;
  for await (const event of events) {
    if (timing.msToFirstEvent === undefined)
      timing.msToFirstEvent = timing.now() - timing.startedAt;
    steering?.observe(event);
    onEvent(event);
    switch (event.type) {
      case "unknown_event":
        planUsage = planUsageFromEvent(event.raw) ?? planUsage;
        break;
      case "response.created":
        createdId = event.response.id;
        segments.successorCreated();
        break;
      case "response.output_item.done":
        items.push(event.item);
        break;
      case "response.completed": {
        refuseForeignCompletion(createdId, event.response.id);
        const usage = usageFigures(event.response.usage as Usage | undefined);
        const output = items.length > 0 ? items : (event.response.output ?? []);
        const serverCache = serverCacheAnswer(event.response);
        const result = {
          responseId: event.response.id,
          items: output,
          ...(usage ? { usage } : {}),
          ...(serverCache ? { serverCache } : {}),
        };
        if (!segments.ended(result, event)) return withUsage(segments.finish(result));
        items = [];
        break;
      }
      case "response.failed": {
        const code = event.response.error?.code ?? undefined;
        const message = event.response.error?.message ?? "no message";
        if (code === "rate_limit_exceeded") {
          throw new TransportError(`rate limited: ${message}`, {
            kind: "rate_limited",
            code,
            retryAfterMs: parseRetryAfterMs(message),
            streamStarted: true,
          });
        }
        throw new ResponseFailed(
          `the model request failed${code ? ` (${code})` : ""}: ${message}`,
          "failed",
        );
      }
      case "response.incomplete": {
        const reason = event.response.incomplete_details?.reason ?? "unknown reason";
        if (reason === "steered" && steering) {
          const usage = usageFigures(event.response.usage as Usage | undefined);
          segments.ended(
            { responseId: event.response.id, items, ...(usage ? { usage } : {}) },
            event,
          );
          items = [];
          break;
        }
        throw new ResponseFailed(`the response was incomplete (${reason})`, "incomplete");
      }
      default:
        break;
    }
  }
  const completed = segments.lastCompleted();
  if (completed) return withUsage(segments.finish(completed)); // a steering answer came after it
  throw new TransportError("stream ended before response.completed", {
    kind: "retryable",
    streamStarted: true,
  });
}

/**
 * A `response.completed` for another response than the one this stream created is a protocol
 * error: the chain must never advance to an id the server did not create here (the next
 * request would continue someone else's conversation, or fail on an unknown id).
 */
function refuseForeignCompletion(createdId: string | undefined, completedId: string): void {
  if (createdId === undefined || createdId === completedId) return;
  throw new ResponseFailed(
    `the server sent response.completed for ${completedId} on the stream of ${createdId}: its response was not used`,
    "failed",
  );
}

/** The server answered, but with `response.failed` / `response.incomplete`: the turn fails. */
export class ResponseFailed extends Error {
  override readonly name = "ResponseFailed";
  constructor(
    message: string,
    readonly outcome: "failed" | "incomplete",
  ) {
    super(message);
  }
}
