import { lookupModel } from "../../models/index.js";
import type { ResponseItem } from "../../protocol/index.js";
import type { DemoRequest } from "./request.js";
import type { RequestRefusal } from "./request-fields.js";

/**
 * `configuration_update` on the demo server: a model the catalog marks as taking effort
 * updates applies the last one in input order; any other model (or every model, with the
 * `rejectEffortUpdates` hook) answers the real 400.
 */
export function effortUpdateRefusal(
  request: DemoRequest,
  refuseAll: boolean,
): RequestRefusal | undefined {
  if (!refuseAll && lookupModel(request.model).effortUpdates) return undefined;
  return unsupportedItemRefusal(request.input, "configuration_update");
}

/** The 400 a model answers an input item type it does not take with (the first such item). */
export function unsupportedItemRefusal(
  input: readonly ResponseItem[],
  type: string,
): RequestRefusal | undefined {
  const at = input.findIndex((item) => item.type === type);
  if (at < 0) return undefined;
  return {
    code: "unsupported_value",
    message: `The '${type}' item type is not supported with this model.`,
    param: `input[${at}].type`,
  };
}

/** The settings a response repeats, with the effort of the context's last update in force. */
export function settingsInForce(
  settings: Record<string, unknown>,
  context: readonly ResponseItem[],
): Record<string, unknown> {
  const update = context.findLast((item) => item.type === "configuration_update");
  const effort = (update?.reasoning as { effort?: unknown } | undefined)?.effort;
  if (effort === undefined) return settings;
  const reasoning = (settings.reasoning as Record<string, unknown> | null) ?? {};
  return { ...settings, reasoning: { ...reasoning, effort } };
}
