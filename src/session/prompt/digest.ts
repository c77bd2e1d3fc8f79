import type { ResponseItem } from "../../protocol/index.js";
import { canonicalFacts, sha1 } from "./canonical-digest.js";

/**
 * Canonical item hashes and the prefix hash chain the planner compares. `chain[i]` hashes
 * input[0..i], so two inputs share a prefix of length n exactly when their chains agree at
 * n-1: prefix checks are O(1) and planning is O(new items), never O(history).
 */
export type PrefixChain = readonly string[];

/** The canonical hash of one item, cached by item identity (history items are never mutated). */
export function itemHash(item: ResponseItem): string {
  return canonicalFacts(item).hash;
}

/** The chain link after `previous` (the empty string before the first item). */
export function extendChain(previous: string, hash: string): string {
  return sha1(`${previous}:${hash}`);
}

export function chainAt(chain: PrefixChain, index: number): string {
  return index < 0 ? "" : (chain[index] ?? "");
}

/**
 * The chain of `items`, reusing `reuse` for its first `validLength` entries. The result may
 * share its backing array with `reuse` when only appending, so callers read a chain only up
 * to the length of the input it was built for (links never change once written).
 */
export function chainOf(
  items: readonly ResponseItem[],
  reuse?: { chain: string[]; validLength: number },
): string[] {
  let chain: string[];
  let start: number;
  if (reuse && reuse.validLength === reuse.chain.length) {
    chain = reuse.chain;
    start = reuse.validLength;
  } else if (reuse) {
    chain = reuse.chain.slice(0, reuse.validLength);
    start = reuse.validLength;
  } else {
    chain = [];
    start = 0;
  }
  for (let i = start; i < items.length; i++) {
    chain.push(extendChain(chainAt(chain, i - 1), itemHash(items[i] as ResponseItem)));
  }
  return chain;
}
