import type { ResponseItem, ResponsesRequest } from "../../protocol/index.js";
import { canonicalJson } from "../../protocol/index.js";
import { chainAt, extendChain, itemHash, type PrefixChain } from "../prompt/index.js";

export type FieldDecision = "compare" | "ignore";

/**
 * Which request fields must be equal for an incremental request (docs/protocol.md, "The incremental state machine"). A request
 * field without a decision here does not compile.
 */
export const REQUEST_FIELD_DECISIONS = {
  model: "compare",
  instructions: "compare", // absent in the lite shape: base instructions are an input item
  input: "ignore", // compared item by item as the prefix, below
  tools: "compare", // absent in the lite shape: tool changes append additional_tools items
  // reasoning: effort, summary and context; an in-band model keeps it at the session's
  // baseline and carries effort changes as configuration_update input items
  tool_choice: "compare",
  parallel_tool_calls: "compare",
  reasoning: "compare",
  store: "compare",
  stream: "compare",
  include: "compare",
  service_tier: "compare",
  prompt_cache_key: "compare",
  text: "compare", // format and verbosity
  prompt_cache_options: "compare", // a changed ttl/mode is another cache configuration
  client_metadata: "ignore",
  stream_options: "ignore",
  previous_response_id: "ignore",
  generate: "ignore",
} as const satisfies Record<keyof ResponsesRequest, FieldDecision>;

type RequestField = keyof typeof REQUEST_FIELD_DECISIONS;

export const COMPARED_FIELDS = (Object.keys(REQUEST_FIELD_DECISIONS) as RequestField[]).filter(
  (field) => REQUEST_FIELD_DECISIONS[field] === "compare",
);

/** A full logical request as the planner sees it: the body and its input's prefix chain. */
export interface PlannedRequest {
  body: ResponsesRequest;
  chain: PrefixChain;
}

/** The completed response that heads the chain: its id and its output_item.done items. */
export interface ChainHeadView {
  responseId: string;
  itemsAdded: readonly ResponseItem[];
}

interface PlanInput {
  transport: "ws" | "http";
  /** The last full logical request accepted on this chain. */
  previous?: PlannedRequest;
  /** The completed head (consumed by this planning). */
  head?: ChainHeadView;
  current: PlannedRequest;
  /** Why the chain cannot be used at all: `epoch_reset:<why>`, `reconnected`, `previous_not_found`. */
  forcedReason?: string;
}

export type WirePlan =
  | {
      kind: "incremental";
      previousResponseId: string;
      delta: ResponseItem[];
      baselineLength: number;
    }
  | { kind: "full"; reason: string };

/**
 * The pure planner (docs/protocol.md, "The incremental state machine"): incremental only when every compared field is equal and
 * the current input starts with previous.input ++ head.itemsAdded. Costs O(head items + delta)
 * (plus a log-time search for the mismatch index when the prefix broke).
 */
export function planWireRequest(plan: PlanInput): WirePlan {
  if (plan.transport === "http") return full("transport_http");
  if (plan.forcedReason) return full(plan.forcedReason);
  const { previous, head, current } = plan;
  if (!previous || !head) return full("no_baseline");
  const changed = changedFields(previous.body, current.body);
  if (changed.length > 0) return full(`properties_changed:${changed.join(",")}`);

  const previousLength = previous.body.input.length;
  const headLinks: string[] = [];
  let link = chainAt(previous.chain, previousLength - 1);
  for (const item of head.itemsAdded) {
    link = extendChain(link, itemHash(item));
    headLinks.push(link);
  }
  const baselineLength = previousLength + headLinks.length;
  const currentLength = current.body.input.length;
  if (currentLength < baselineLength) return full("input_shorter");
  const baselineAt = (i: number): string =>
    i < previousLength ? chainAt(previous.chain, i) : (headLinks[i - previousLength] as string);
  if (baselineLength > 0 && chainAt(current.chain, baselineLength - 1) !== link) {
    return full(`prefix_mismatch@${firstMismatch(baselineAt, current.chain, baselineLength)}`);
  }
  return {
    kind: "incremental",
    previousResponseId: head.responseId,
    delta: current.body.input.slice(baselineLength),
    baselineLength,
  };
}

function full(reason: string): WirePlan {
  return { kind: "full", reason };
}

/** Compared fields whose canonical JSON differs, in table order. */
function changedFields(a: ResponsesRequest, b: ResponsesRequest): string[] {
  return COMPARED_FIELDS.filter((field) => canonicalOf(a[field]) !== canonicalOf(b[field]));
}

const canonicalCache = new WeakMap<object, string>();

function canonicalOf(value: unknown): string {
  if (value === null || typeof value !== "object") return canonicalJson(value ?? null);
  const cached = canonicalCache.get(value);
  if (cached !== undefined) return cached;
  const text = canonicalJson(value);
  canonicalCache.set(value, text);
  return text;
}

/** Chains agree exactly on shared prefixes, so the first differing index is a binary search. */
function firstMismatch(
  baselineAt: (i: number) => string,
  current: PrefixChain,
  length: number,
): number {
  let low = 0;
  let high = length - 1; // known to differ
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (baselineAt(mid) === chainAt(current, mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The wire form of a planned request: the delta and the chain link, or the whole input. */
export function wireRequest(
  body: ResponsesRequest,
  plan: WirePlan,
  warmup: boolean,
): ResponsesRequest {
  const wire: ResponsesRequest =
    plan.kind === "incremental"
      ? { ...body, input: plan.delta, previous_response_id: plan.previousResponseId }
      : { ...body };
  if (warmup) wire.generate = false;
  return wire;
}
