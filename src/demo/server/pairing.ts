import type { ResponseItem } from "../../protocol/index.js";

const CALL_OUTPUTS: Record<string, { output: string; label: string }> = {
  function_call: { output: "function_call_output", label: "function call" },
  custom_tool_call: { output: "custom_tool_call_output", label: "custom tool call" },
};

/**
 * Why the Responses API would refuse this context, if it would: a tool call without its output
 * (the message the real API gives), or an output whose call is not there. Pure.
 */
export function unpairedToolItem(context: readonly ResponseItem[]): string | undefined {
  // call ids by item type: one pass to collect, one to find the first item without its partner
  const ids = new Map<string, Set<string>>();
  for (const item of context) {
    if (typeof item.call_id !== "string") continue;
    const set = ids.get(item.type) ?? new Set<string>();
    ids.set(item.type, set);
    set.add(item.call_id);
  }
  const has = (type: string, id: string) => ids.get(type)?.has(id) === true;
  for (const item of context) {
    const shape = CALL_OUTPUTS[item.type];
    if (shape && typeof item.call_id === "string" && !has(shape.output, item.call_id)) {
      return `No tool output found for ${shape.label} ${item.call_id}.`;
    }
  }
  for (const [type, shape] of Object.entries(CALL_OUTPUTS)) {
    for (const item of context) {
      if (
        item.type === shape.output &&
        typeof item.call_id === "string" &&
        !has(type, item.call_id)
      ) {
        return `No tool call found for ${shape.label} output with call_id ${item.call_id}.`;
      }
    }
  }
  return undefined;
}

/**
 * The same verdict for a context whose first `pairedLength` items were already found paired
 * (a chained request): only the rest is scanned, unless an output there answers an older call.
 */
export function unpairedAfter(
  context: readonly ResponseItem[],
  pairedLength: number,
): string | undefined {
  const verdict = unpairedToolItem(context.slice(pairedLength));
  return verdict?.startsWith("No tool call found") ? unpairedToolItem(context) : verdict;
}
