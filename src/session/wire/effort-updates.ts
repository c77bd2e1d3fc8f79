import type { ReasoningEffort, ResponseItem } from "../../protocol/index.js";
import { TransportError } from "../../transport/index.js";

/**
 * In-band effort changes (docs/protocol.md, "In-band effort"): on a model that takes them, an
 * effort change is a `configuration_update` input item after the next user message, and the
 * request-level `reasoning` stays at the session's baseline so the chain and the cached
 * prefix are kept. The effort in force is the last update in input order. Pure helpers.
 */

const CONFIGURATION_UPDATE = "configuration_update";

/** The item Codex 0.171 sends: no id, `reasoning.effort` only. */
export function configurationUpdate(effort: ReasoningEffort): ResponseItem {
  return { type: CONFIGURATION_UPDATE, reasoning: { effort } };
}

export function isConfigurationUpdate(item: ResponseItem): boolean {
  return item.type === CONFIGURATION_UPDATE;
}

/** The effort the last update of `items` set, if any. */
export function lastUpdateEffort(items: readonly ResponseItem[]): ReasoningEffort | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as ResponseItem;
    if (!isConfigurationUpdate(item)) continue;
    const reasoning = item.reasoning as { effort?: ReasoningEffort } | undefined;
    if (reasoning?.effort) return reasoning.effort;
  }
  return undefined;
}

/** The effort an update in `items` (a request's delta) carries, if one does. */
export function carriedEffort(items: readonly ResponseItem[]): ReasoningEffort | undefined {
  return lastUpdateEffort(items);
}

/**
 * The server's answer to an update on a model that takes none: 400 `unsupported_value` naming
 * `input[N].type` ("The 'configuration_update' item type is not supported with this model").
 */
export function isUpdateRefusal(error: unknown): boolean {
  if (!(error instanceof TransportError) || error.code !== "unsupported_value") return false;
  return error.message.includes(`'${CONFIGURATION_UPDATE}'`);
}
