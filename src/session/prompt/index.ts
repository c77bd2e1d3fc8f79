/**
 * The prompt as the cache sees it: canonical JSON of each item, its SHA-1 and UTF-8 size, and
 * the prefix hash chain the planner compares. Pure, and the bottom of session/.
 */

export type { PrefixChain } from "./digest.js";
export { chainAt, chainOf, extendChain, itemHash } from "./digest.js";
export { prefixBytes, promptBytes } from "./prompt-size.js";
