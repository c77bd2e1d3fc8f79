import { Fzf, type FzfResultItem } from "fzf";
import type { CompletionItem } from "./completion.js";

/** fzf ranks at most this many candidates per key (its scoring is ~10 µs a path). */
const RANKED_MAX = 128;
/** A substring position not looked up (the next query searches from the start). */
const UNKNOWN = -2;
const EMPTY = new Int32Array(0);

/** Lower case without accents: what smart-case fuzzy matching compares for a lower-case query. */
function folded(text: string): string {
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The matches of one query among the first `scanned` paths (all of them once a scan ran to the
 * end): each path that holds its characters in order, where the earliest such match ends (a
 * longer query searches on from there), and where the query first occurs as a substring (-1:
 * nowhere, so no longer query occurs either; UNKNOWN: not looked up).
 */
interface Narrowed {
  query: string;
  caseSensitive: boolean;
  scanned: number;
  matches: Int32Array;
  ends: Int32Array;
  substrings: Int32Array;
}

/**
 * Fuzzy path matching for the `@` popup: the FZF algorithm (the `fzf` package) ranks, but only
 * over paths that can match. Each key narrows the previous key's matches (a longer query
 * matches a subset, found from where the shorter one ended), and at most RANKED_MAX of them are
 * scored, so a key never costs an fzf pass over the whole tree (bench/file-mentions.mjs).
 */
export class FileMatcher {
  private readonly foldedFiles: string[];
  /** Where each path's file name starts (after its last `/`). */
  private readonly nameStarts: Int32Array;
  /** Buffers each key fills (then copied out at their size): no 100 000-entry garbage per key. */
  private readonly scratch: { matches: Int32Array; ends: Int32Array; substrings: Int32Array };
  /** The queries typed so far, each a prefix of the next (Backspace pops). */
  private narrowed: Narrowed[] = [];
  private last: { query: string; limit: number; items: CompletionItem[] } | undefined;

  constructor(readonly files: readonly string[]) {
    this.foldedFiles = files.map(folded);
    this.nameStarts = Int32Array.from(files, (path) => path.lastIndexOf("/") + 1);
    const size = files.length;
    this.scratch = {
      matches: new Int32Array(size),
      ends: new Int32Array(size),
      substrings: new Int32Array(size),
    };
    // Compile the matching code now, while the list arrives, not on the person's first keys.
    for (const warm of ["e", "es", "est"]) this.match(warm, 8);
    this.narrowed = [];
    this.last = undefined;
  }

  match(query: string, limit: number): CompletionItem[] {
    if (!query) return this.files.slice(0, limit).map((value) => ({ value }));
    // The popup asks again for the same query (the key's handling, then the render).
    if (this.last?.query === query && this.last.limit === limit) return this.last.items;
    const ranked = this.candidates(query).map((i) => this.files[i] as string);
    // Backward matching prefers hits in the file name over hits in its directories.
    const fzf = new Fzf(ranked, { limit, forward: false, casing: "smart-case" });
    const items = fzf.find(query).map((entry: FzfResultItem<string>) => ({ value: entry.item }));
    this.last = { query, limit, items };
    return items;
  }

  /**
   * One pass over the previous query's matches, then over the paths it never scanned: the new
   * matches (kept for the next key), and at most RANKED_MAX of them for fzf, those with the
   * query in the file name first, then in the path, then the rest. The scan stops once
   * RANKED_MAX file names hold the query (a short query): the next key scans on from there.
   */
  private candidates(query: string): number[] {
    while (this.narrowed.length > 0 && !query.startsWith(this.narrowed.at(-1)?.query as string)) {
      this.narrowed.pop();
    }
    const caseSensitive = query !== query.toLowerCase();
    const before = this.narrowed.at(-1);
    // Positions found case-insensitively do not hold for a case-sensitive search.
    const carried = before?.caseSensitive === caseSensitive ? before : undefined;
    const texts = caseSensitive ? (this.files as string[]) : this.foldedFiles;
    const needle = folded(query);
    const exact = caseSensitive ? query : needle;
    const added = carried ? exact.slice(carried.query.length) : exact;
    const known = before?.matches.length ?? 0;
    const resumeAt = before?.scanned ?? 0;
    const total = known + this.files.length - resumeAt;
    const oldMatches = before?.matches ?? EMPTY;
    const oldEnds = carried?.ends ?? EMPTY;
    const oldSubstrings = before?.substrings ?? EMPTY;
    const { matches, ends, substrings } = this.scratch;
    const inName: number[] = [];
    const inPath: number[] = [];
    const others: number[] = [];
    let n = 0;
    let scanned = this.files.length;
    for (let k = 0; k < total; k++) {
      // The previous matches first (searched on from where they ended), then unscanned paths.
      const old = k < known;
      const i = old ? (oldMatches[k] as number) : resumeAt + k - known;
      const text = texts[i] as string;
      const resumed = old && carried !== undefined;
      const rest = resumed ? added : exact;
      let at = resumed ? (oldEnds[k] as number) : 0;
      for (let c = 0; c < rest.length && at !== -1; c++) {
        at = text.indexOf(rest[c] as string, at);
        if (at !== -1) at++;
      }
      if (at === -1) continue;
      // Where the query occurs: looked up only while it decides what fzf ranks (else UNKNOWN).
      const from = old ? (oldSubstrings[k] as number) : 0;
      const path = this.foldedFiles[i] as string;
      const name = this.nameStarts[i] as number;
      const inFileName = from !== -1 && path.indexOf(needle, Math.max(from, name)) !== -1;
      let sub = from === -1 ? -1 : UNKNOWN;
      if (!inFileName && from !== -1 && inPath.length < RANKED_MAX) {
        sub = path.indexOf(needle, Math.max(from, 0));
      }
      matches[n] = i;
      ends[n] = at;
      substrings[n++] = sub;
      if (inFileName) {
        inName.push(i);
        if (inName.length === RANKED_MAX) {
          scanned = i + 1;
          break;
        }
      } else if (sub >= 0) inPath.push(i);
      else if (sub === -1 && others.length < RANKED_MAX) others.push(i);
    }
    this.narrowed.push({
      query,
      caseSensitive,
      scanned,
      matches: matches.slice(0, n),
      ends: ends.slice(0, n),
      substrings: substrings.slice(0, n),
    });
    return [...inName, ...inPath, ...others].slice(0, RANKED_MAX);
  }
}
