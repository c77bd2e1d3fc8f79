import type { ResponsesRequest } from "../../protocol/index.js";
import { canonicalJson } from "../../protocol/index.js";
import { canonicalFacts } from "./canonical-digest.js";

/**
 * The size of a request's prompt as the prompt cache sees it: the canonical JSON of its
 * reasoning settings, instructions, tools and every input item, in bytes. Each item and each
 * distinct tool list is measured once (history items are kept objects; the measure is taken with
 * its hash, canonical-digest.ts), so measuring the next request costs O(new items).
 */

function sizeOf(value: unknown): number {
  if (value === undefined) return 0;
  if (value === null || typeof value !== "object") {
    return Buffer.byteLength(canonicalJson(value), "utf8");
  }
  return canonicalFacts(value).bytes;
}

/** Bytes of what comes before the input: reasoning, instructions and tools. */
function headBytes(body: ResponsesRequest): number {
  return sizeOf(body.reasoning) + sizeOf(body.instructions) + sizeOf(body.tools);
}

/** Bytes of the whole prompt of `body`. */
export function promptBytes(body: ResponsesRequest): number {
  return prefixBytes(body, body.input.length);
}

/** Bytes of the prompt up to and including its first `items` input items. */
export function prefixBytes(body: ResponsesRequest, items: number): number {
  let bytes = headBytes(body);
  const end = Math.min(items, body.input.length);
  for (let i = 0; i < end; i++) bytes += sizeOf(body.input[i]);
  return bytes;
}
