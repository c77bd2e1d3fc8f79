import { hash } from "node:crypto";
import { canonicalJson } from "../../protocol/index.js";

/**
 * What the prompt cache sees of a value: the SHA-1 of its canonical JSON and that JSON's UTF-8
 * size. Both come from one serialization, once per object (history items are never mutated):
 * the prefix chain and the prompt's size each serialized all of a resumed session's 12 000
 * items before.
 */
interface CanonicalFacts {
  readonly hash: string;
  readonly bytes: number;
}

const known = new WeakMap<object, CanonicalFacts>();

// one-shot hashing (Node ≥ 20.12; package.json asks ≥ 20.19) skips a Hash object per item:
// 10 000+ items on resume
export const sha1 = (text: string): string => hash("sha1", text);

export function canonicalFacts(value: object): CanonicalFacts {
  const cached = known.get(value);
  if (cached !== undefined) return cached;
  const json = canonicalJson(value);
  const facts = { hash: sha1(json), bytes: Buffer.byteLength(json, "utf8") };
  known.set(value, facts);
  return facts;
}
