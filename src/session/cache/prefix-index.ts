import { createHash } from "node:crypto";
import type { ResponsesRequest } from "../../protocol/index.js";
import { canonicalJson } from "../../protocol/index.js";
import type { BestEarlier } from "../ledger/index.js";
import { chainAt, type PrefixChain } from "../prompt/index.js";
import { COMPARED_FIELDS, type PlannedRequest } from "../wire/index.js";

/** How many hex digits of a digest the ledger keeps: short to read, long enough not to collide. */
const DIGEST_HEX = 16;

interface SharedPrefix {
  seq: number;
  items: number;
}

/** What the prefix of one request has in common with the session's earlier requests. */
export interface PrefixLookup {
  /** A short hash of what the prompt cache keys on: the compared fields, then the input chain. */
  prefixDigest: string;
  /** The earlier request with the longest common input prefix (null: none yet). */
  sharedPrefix: SharedPrefix | null;
  best?: BestEarlier;
  /** Compared fields that differ from `best`. */
  changedFields: string[];
  /** Internal: what `record` needs to index this request. */
  readonly fieldsDigest: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly chain: PrefixChain;
  readonly length: number;
}

/** What the index keeps of a request: its fields and the first `length` links of its chain. */
type PrefixBase = Pick<
  PrefixLookup,
  "prefixDigest" | "fieldsDigest" | "fields" | "chain" | "length"
>;

/** An earlier request known only from its ledger row. */
export interface SeedRequest extends BestEarlier {
  prefixDigest: string;
}

/** The digest of `request`'s compared fields and its first `length` input items. */
function prefixOf(request: PlannedRequest, length: number): PrefixBase {
  const fields = fieldDigests(request.body);
  const fieldsDigest = shortHash(COMPARED_FIELDS.map((field) => fields[field]).join(":"));
  const prefixDigest = shortHash(`${fieldsDigest}:${chainAt(request.chain, length - 1)}`);
  return { prefixDigest, fieldsDigest, fields, chain: request.chain, length };
}

interface Recorded extends BestEarlier {
  fields: Readonly<Record<string, string>>;
}

/**
 * The session's earlier requests, indexed by the links of their input hash chains. A link is
 * present exactly when some earlier request had that whole prefix, so the longest shared
 * prefix is a binary search (O(log n) lookups) and recording a request adds only its new
 * links: O(new items) per request, never a rescan of history.
 */
export class PrefixIndex {
  /** link → the latest recorded request that reached it (any fields). */
  private readonly anyFields = new Map<string, number>();
  /** fields digest → link → seq: the same, among requests with equal compared fields. */
  private readonly byFields = new Map<string, Map<string, number>>();
  private readonly recorded = new Map<number, Recorded>();
  private latest: number | undefined;

  /** Compare `request` with what was recorded so far (records nothing). */
  lookup(request: PlannedRequest): PrefixLookup {
    const base = prefixOf(request, request.body.input.length);
    const { chain, length, fields, fieldsDigest } = base;

    const anyShared = sharedLength(this.anyFields, chain, length);
    const sameMap = this.byFields.get(fieldsDigest);
    const sameShared = sameMap ? sharedLength(sameMap, chain, length) : 0;
    // An earlier request with the same fields wins whenever there is one, even when one with
    // other fields shares more: only its cache entry can serve this request (a return to a lane
    // or a model continues that lane's head, not the request just before it in time).
    const [map, shared] =
      sameMap && sameShared > 0 ? [sameMap, sameShared] : [this.anyFields, anyShared];
    const seq = shared > 0 ? map.get(chain[shared - 1] as string) : this.latest;
    const best = seq === undefined ? undefined : this.recorded.get(seq);
    if (!best) return { ...base, sharedPrefix: null, changedFields: [] };
    return {
      ...base,
      sharedPrefix: { seq: best.seq, items: shared },
      best: { seq: best.seq, items: best.items, inputTokens: best.inputTokens, at: best.at },
      changedFields: COMPARED_FIELDS.filter((field) => best.fields[field] !== fields[field]),
    };
  }

  /**
   * A resumed session's last request (from its ledger) becomes an earlier request, if
   * `request` starts with exactly its prefix (same digest over its first `items` items).
   */
  seed(request: PlannedRequest, earlier: SeedRequest): boolean {
    if (earlier.items > request.body.input.length) return false;
    const base = prefixOf(request, earlier.items);
    if (base.prefixDigest !== earlier.prefixDigest) return false;
    this.record(earlier.seq, base, earlier.inputTokens, earlier.at);
    return true;
  }

  /** A completed request becomes an earlier request the next ones compare with. */
  record(seq: number, lookup: PrefixBase, inputTokens: number, at: number): void {
    this.recorded.set(seq, { seq, items: lookup.length, inputTokens, at, fields: lookup.fields });
    this.latest = seq;
    let same = this.byFields.get(lookup.fieldsDigest);
    if (!same) {
      same = new Map();
      this.byFields.set(lookup.fieldsDigest, same);
    }
    indexLinks(this.anyFields, lookup.chain, lookup.length, seq);
    indexLinks(same, lookup.chain, lookup.length, seq);
  }
}

/** Longest n such that chain[n-1] is indexed; presence is monotone in n, so binary search. */
function sharedLength(map: Map<string, number>, chain: PrefixChain, length: number): number {
  let low = 0; // known shared
  let high = length; // upper bound
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (map.has(chainAt(chain, mid - 1))) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Index the links this request added, and mark its deepest shared link as reached by it. */
function indexLinks(
  map: Map<string, number>,
  chain: PrefixChain,
  length: number,
  seq: number,
): void {
  const shared = sharedLength(map, chain, length);
  for (let i = Math.max(0, shared - 1); i < length; i++) map.set(chainAt(chain, i), seq);
}

const objectDigests = new WeakMap<object, string>();
/** Instructions are long and rarely change: hashing them once per distinct text is enough. */
const textDigests = new Map<string, string>();
const TEXT_DIGESTS_KEPT = 16;

/** One short digest per compared field (absent fields digest as `null`). */
function fieldDigests(body: ResponsesRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of COMPARED_FIELDS) out[field] = valueDigest(body[field]);
  return out;
}

function valueDigest(value: unknown): string {
  if (typeof value === "string") return textDigest(value);
  if (value === null || typeof value !== "object") return shortHash(canonicalJson(value ?? null));
  const cached = objectDigests.get(value);
  if (cached !== undefined) return cached;
  const digest = shortHash(canonicalJson(value));
  objectDigests.set(value, digest);
  return digest;
}

function textDigest(text: string): string {
  const cached = textDigests.get(text);
  if (cached !== undefined) return cached;
  if (textDigests.size >= TEXT_DIGESTS_KEPT) textDigests.clear();
  const digest = shortHash(canonicalJson(text));
  textDigests.set(text, digest);
  return digest;
}

function shortHash(text: string): string {
  return createHash("sha1").update(text).digest("hex").slice(0, DIGEST_HEX);
}
