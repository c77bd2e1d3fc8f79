import type { ResponseItem } from "../../protocol/index.js";
import { goalObjectiveOf, UPDATE_GOAL_TOOL } from "../../protocol/index.js";
import type { DemoToolOffer } from "../request/index.js";
import { callsNamed, lastUserIndex, outputOf } from "./agent-steps.js";
import { type DemoOutput, offered, shellCall } from "./model-tools.js";
import { userText } from "./summary.js";

/**
 * The demo model's goal scripts (README, the demo table): the objective of a goal's turn
 * message picks one, and each turn does one step of it.
 * - `count to N in FILE`: appends the turn's number to FILE (`echo K >> FILE`); at N it calls
 *   update_goal `complete`.
 * - `count forever in FILE`: appends a number each turn and never reports the goal met (a
 *   budget or the person stops it).
 * - `blocked: REASON`: calls update_goal `blocked` with REASON.
 * - anything else: update_goal `blocked` (the demo has no script for it).
 */
const COUNT_TO = /^count to (\d+) in (\S+)$/;
const COUNT_FOREVER = /^count forever in (\S+)$/;
const BLOCKED = /^blocked:\s*([\s\S]+)$/;

/** The next output of a goal's turn, or undefined when the last user message is no goal's. */
export function goalStep(
  context: readonly ResponseItem[],
  tools: DemoToolOffer[],
): DemoOutput[] | undefined {
  const at = lastUserIndex(context);
  const objective = goalObjectiveOf(userText(context[at]) ?? "");
  if (objective === undefined) return undefined;
  // the turn's number: the goal messages of this objective so far
  const turn = context.filter((item) => goalObjectiveOf(userText(item) ?? "") === objective).length;
  const after = context.slice(at + 1);
  const to = COUNT_TO.exec(objective);
  if (to) return countStep(after, tools, turn, to[2] as string, Number(to[1]));
  const forever = COUNT_FOREVER.exec(objective);
  if (forever) return countStep(after, tools, turn, forever[1] as string, undefined);
  const blocked = BLOCKED.exec(objective)?.[1]?.trim();
  return report(after, tools, "blocked", blocked ?? "the demo model has no script for this goal");
}

/** One number a turn; at `target` the goal is reported met (no target: never). */
function countStep(
  after: readonly ResponseItem[],
  tools: DemoToolOffer[],
  turn: number,
  file: string,
  target: number | undefined,
): DemoOutput[] {
  const ran = after.some((item) => item.type === "function_call_output");
  if (!ran) {
    const call = shellCall(tools, `echo ${turn} >> ${file}`);
    return [call ?? say("No shell tool is available in this request.")];
  }
  if (target === undefined) return [say(`Counted ${turn} in ${file}; the count goes on.`)];
  if (turn < target) return [say(`Counted ${turn} of ${target} in ${file}.`)];
  return report(after, tools, "complete", `${file} counts to ${target}`);
}

/** update_goal with `status`, then a last answer once its output is back. */
function report(
  after: readonly ResponseItem[],
  tools: DemoToolOffer[],
  status: "complete" | "blocked",
  reason: string,
): DemoOutput[] {
  const called = callsNamed(after, UPDATE_GOAL_TOOL)[0];
  if (called !== undefined && outputOf(after, called) !== undefined) {
    return [say(status === "complete" ? `Goal met: ${reason}.` : `Blocked: ${reason}.`)];
  }
  const tool = offered(tools, UPDATE_GOAL_TOOL);
  if (tool?.type !== "function") return [say(`The ${UPDATE_GOAL_TOOL} tool is not available.`)];
  return [
    {
      type: "function_call",
      name: UPDATE_GOAL_TOOL,
      arguments: JSON.stringify({ status, reason }),
      ...(tool.namespace ? { namespace: tool.namespace } : {}),
    },
  ];
}

function say(body: string): DemoOutput {
  return { type: "message", deltas: body.match(/\S+\s*|\s+/g) ?? [body] };
}
