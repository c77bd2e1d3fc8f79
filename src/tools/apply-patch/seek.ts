/** Typographic punctuation and spaces a model may emit where the file has ASCII. */
const TYPOGRAPHIC: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u00AB": '"',
  "\u00BB": '"',
  "\u00A0": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u2004": " ",
  "\u2005": " ",
  "\u2006": " ",
  "\u2007": " ",
  "\u2008": " ",
  "\u2009": " ",
  "\u200A": " ",
  "\u202F": " ",
  "\u205F": " ",
  "\u3000": " ",
  "\u2026": "...",
};
const TYPOGRAPHIC_RE = new RegExp(`[${Object.keys(TYPOGRAPHIC).join("")}]`, "g");

/** Map typographic punctuation to ASCII and trim both ends. */
function normalizeTypography(line: string): string {
  return line.replace(TYPOGRAPHIC_RE, (ch) => TYPOGRAPHIC[ch] ?? ch).trim();
}

type Pass = (line: string) => string;

/** The four passes, strictest first: exact, trailing whitespace, both ends, typography. */
const SEEK_PASSES: readonly Pass[] = [
  (line) => line,
  (line) => line.trimEnd(),
  (line) => line.trim(),
  normalizeTypography,
];

/**
 * The lines of one file, with each pass's normalised view computed once (lazily), so many
 * hunks in a large file cost one normalisation per pass, not one per hunk.
 */
export class LineIndex {
  private readonly views: Array<string[] | undefined> = [];

  constructor(readonly lines: string[]) {}

  view(pass: number): string[] {
    let view = this.views[pass];
    if (!view) {
      const fn = SEEK_PASSES[pass]!;
      view = pass === 0 ? this.lines : this.lines.map(fn);
      this.views[pass] = view;
    }
    return view;
  }
}

/**
 * Where `pattern` occurs in the file at or after `start`, trying each pass in turn; with
 * `endOfFile` only a match that ends on the file's last line counts. Returns the index of the
 * first matching line, or undefined.
 */
export function seekSequence(
  file: LineIndex,
  pattern: readonly string[],
  start: number,
  endOfFile: boolean,
): number | undefined {
  const total = file.lines.length;
  if (pattern.length === 0) return endOfFile ? total : Math.min(start, total);
  if (pattern.length > total) return undefined;
  const last = total - pattern.length;
  const first = endOfFile ? last : start;
  if (first < start || first > last) return undefined;
  for (let pass = 0; pass < SEEK_PASSES.length; pass += 1) {
    const fn = SEEK_PASSES[pass]!;
    const wanted = pass === 0 ? pattern : pattern.map(fn);
    const view = file.view(pass);
    const at = endOfFile
      ? matchesAt(view, wanted, first)
        ? first
        : undefined
      : find(view, wanted, first);
    if (at !== undefined) return at;
  }
  return undefined;
}

function matchesAt(view: readonly string[], wanted: readonly string[], at: number): boolean {
  for (let j = 0; j < wanted.length; j += 1) if (view[at + j] !== wanted[j]) return false;
  return true;
}

/** First index at or after `from` where `wanted` occurs in `view` (Knuth–Morris–Pratt: linear). */
function find(
  view: readonly string[],
  wanted: readonly string[],
  from: number,
): number | undefined {
  // longest proper prefix of wanted[0..i] that is also its suffix
  const border = new Int32Array(wanted.length);
  for (let i = 1, k = 0; i < wanted.length; i += 1) {
    while (k > 0 && wanted[i] !== wanted[k]) k = border[k - 1]!;
    if (wanted[i] === wanted[k]) k += 1;
    border[i] = k;
  }
  for (let i = from, k = 0; i < view.length; i += 1) {
    while (k > 0 && view[i] !== wanted[k]) k = border[k - 1]!;
    if (view[i] === wanted[k]) k += 1;
    if (k === wanted.length) return i - k + 1;
  }
  return undefined;
}
