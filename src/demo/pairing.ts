import type { ResponseItem } from "../protocol/items.js";

const CALL_OUTPUTS: Record<string, { output: string; label: string }> = {
  function_call: { output: "function_call_output", label: "function call" },
  custom_tool_call: { output: "custom_tool_call_output", label: "custom tool call" },
};

/**
 * Why the Responses API would refuse this context, if it would: a tool call without its output
 * (the message the real API gives), or an output whose call is not there. Pure.
 */
export function unpairedToolItem(context: readonly ResponseItem[]): string | undefined {
  const answered = new Set<string>();
  const called = new Set<string>();
  for (const item of context) {
    if (typeof item.call_id !== "string") continue;
    if (item.type in CALL_OUTPUTS) called.add(`${item.type}:${item.call_id}`);
    else answered.add(`${item.type}:${item.call_id}`);
  }
  for (const item of context) {
    const shape = CALL_OUTPUTS[item.type];
    if (
      shape &&
      typeof item.call_id === "string" &&
      !answered.has(`${shape.output}:${item.call_id}`)
    ) {
      return `No tool output found for ${shape.label} ${item.call_id}.`;
    }
  }
  for (const [type, shape] of Object.entries(CALL_OUTPUTS)) {
    for (const item of context) {
      if (
        item.type === shape.output &&
        typeof item.call_id === "string" &&
        !called.has(`${type}:${item.call_id}`)
      ) {
        return `No tool call found for ${shape.label} output with call_id ${item.call_id}.`;
      }
    }
  }
  return undefined;
}
