import { lookupModel } from "../../models/index.js";
import type { ResponseItem } from "../../protocol/index.js";
import type { DemoRequest, RequestRefusal } from "../request/index.js";
import { unsupportedItemRefusal } from "../request/index.js";
import type { DemoOutput } from "./model-tools.js";

/**
 * Remote compaction on the demo server (protocol-2026 §5): a request whose last input item is
 * `compaction_trigger` is answered with one `compaction` item. Its `encrypted_content` is the
 * demo's summary of the context, so a later request (and a later compaction) can expand it.
 */

const SEALED_PREFIX = "demo-compaction:";

/** Whether the request asks for a compaction (its last input item is the trigger). */
export function asksForCompaction(request: DemoRequest): boolean {
  return request.input.at(-1)?.type === "compaction_trigger";
}

/**
 * A model the catalog marks as compacting server-side takes the trigger; any other model (or
 * every model, with the `refuseCompaction` hook) answers the 400 of a provider without it.
 */
export function compactionRefusal(
  request: DemoRequest,
  refuseAll: boolean,
): RequestRefusal | undefined {
  if (!refuseAll && lookupModel(request.model).remoteCompaction) return undefined;
  return unsupportedItemRefusal(request.input, "compaction_trigger");
}

/** The server's answer: `count` compaction items (normally one; 0 answers a message instead). */
export function compactionOutputs(summary: string, count = 1): DemoOutput[] {
  if (count === 0) return [{ type: "message", deltas: ["Nothing to compact."] }];
  const encrypted = Buffer.from(`${SEALED_PREFIX}${summary}`).toString("base64");
  return Array.from({ length: count }, () => ({ type: "compaction" as const, encrypted }));
}

/** What a compaction item the demo made stands for (undefined: not one of the demo's). */
export function expandCompaction(item: ResponseItem | undefined): string | undefined {
  if (item?.type !== "compaction" || typeof item.encrypted_content !== "string") return undefined;
  const text = Buffer.from(item.encrypted_content, "base64").toString("utf8");
  return text.startsWith(SEALED_PREFIX) ? text.slice(SEALED_PREFIX.length) : undefined;
}
