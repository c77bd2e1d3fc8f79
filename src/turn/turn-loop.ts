import type { UsageFigures } from "../protocol/index.js";
import {
  asToolCall,
  messageText,
  type ResponseItem,
  type ToolCallItem,
} from "../protocol/index.js";
import type { ModelClient } from "../session/index.js";
import { addUsage, noUsage, requestUsage, steeredUsageOf } from "../session/index.js";
import { appendQueuedSteering, appendSteered } from "./steered-history.js";
import { StreamEventTranslator } from "./stream-events.js";
import { runToolCalls, skippedOutputs } from "./tool-calls/index.js";
import type { TurnContext } from "./turn-context.js";

const DEFAULT_MAX_TOOL_ROUNDS = 100;

/** The turn context plus what only the loop asks for. */
export interface TurnLoopContext extends TurnContext {
  maxToolRounds?: number;
  /** Before each request of the turn (automatic compaction between tool rounds). */
  beforeSample?(): Promise<void>;
  /** User messages sent into the running turn, appended at the next sampling boundary. */
  takeSteering?(): ResponseItem[];
}

export interface TurnOutcome {
  usage: UsageFigures;
  lastMessage?: string;
}

/** The turn went past its tool round limit; history stays consistent. */
export class ToolRoundLimitError extends Error {
  override readonly name = "ToolRoundLimitError";
}

/** The turn was interrupted after its model request (during tools). */
export class TurnAbortedError extends Error {
  override readonly name = "TurnAbortedError";
}

/**
 * One user turn: sample, append the response's items, run its tool calls, append their
 * (frozen) outputs, sample again — until a response calls no tools.
 */
export async function runTurnLoop(deps: TurnLoopContext): Promise<TurnOutcome> {
  const maxRounds = deps.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
  let usage = noUsage();
  let lastMessage: string | undefined;
  for (let round = 0; ; round++) {
    await deps.beforeSample?.();
    const translator = new StreamEventTranslator(deps.tools, deps.emit);
    let response: Awaited<ReturnType<ModelClient["sample"]>>;
    try {
      response = await deps.client.sample({
        turn: deps.turn,
        build: () => deps.build(),
        steerable: true,
        signal: deps.signal,
        onEvent: (event) => translator.onEvent(event),
        onAttemptFailed: (message) => {
          translator.reset();
          deps.emit({ type: "warning", message: `request failed, retrying: ${message}` });
        },
        onRequestStarted: deps.onRequestStarted,
        onRequestFinished: deps.onRequestFinished,
      });
    } catch (error) {
      translator.reset();
      throw error;
    }
    // the responses steering cut were billed too
    const billed = requestUsage({ usage: response.usage, steeredUsage: steeredUsageOf(response) });
    usage = addUsage(usage, billed);
    appendSteered(response, deps);
    deps.append(response.items);
    const calls: ToolCallItem[] = [];
    for (const item of response.items) {
      deps.emit({ type: "item_completed", item });
      const call = asToolCall(item);
      if (call) calls.push(call);
      else if (item.type === "message" && item.role === "assistant") {
        lastMessage = messageText(item) ?? lastMessage;
      }
    }
    appendQueuedSteering(response, deps);
    if (calls.length === 0) {
      // steering that arrived during the last response: sample again instead of ending
      if (appendSteering(deps)) continue;
      return { usage, ...(lastMessage !== undefined ? { lastMessage } : {}) };
    }
    if (round >= maxRounds) {
      deps.append(skippedOutputs(calls, "not run: the tool round limit of this turn was reached"));
      throw new ToolRoundLimitError(
        `stopped after ${maxRounds} tool rounds in one turn (the model kept calling tools)`,
      );
    }
    await runToolCalls(calls, deps);
    if (deps.signal.aborted) throw new TurnAbortedError("interrupted");
    appendSteering(deps);
  }
}

/** After the tool outputs: the steering messages go into history (true when there were any). */
function appendSteering(deps: TurnLoopContext): boolean {
  const items = deps.takeSteering?.() ?? [];
  if (items.length > 0) deps.append(items);
  return items.length > 0;
}
