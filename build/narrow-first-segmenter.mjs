// Grapheme segmentation for the TUI bundle (build/segmenter-plugin.mjs puts it in place of
// `new Intl.Segmenter(…)` in Ink's text modules). Ink segments every string it draws; the first
// Intl.Segmenter loads ICU's break data (20–70 ms here) and each segment() walks ICU. Text made
// only of characters that are each a grapheme of their own — controls other than CR (CR LF is
// one grapheme), printable ASCII and Latin-1, common punctuation, arrows, box drawing, ✓, the
// set of build/narrow-string-width.mjs plus controls — is split by code unit instead;
// anything else goes to a real Intl.Segmenter, made the first time one is needed.
const ONE_UNIT_GRAPHEMES =
  /^[\u0000-\u000c\u000e-\u007e\u00a0-\u00ac\u00ae-\u00ff\u2010-\u2027\u2030-\u205e\u2190-\u2199\u2500-\u259f\u2713]*$/;

/** The segments of a string whose every code unit is a grapheme (Intl's Segments interface). */
class OneUnitSegments {
  #input;
  constructor(input) {
    this.#input = input;
  }
  containing(index = 0) {
    const at = Math.trunc(Number(index));
    if (!(at >= 0 && at < this.#input.length)) return undefined;
    return { segment: this.#input[at], index: at, input: this.#input };
  }
  *[Symbol.iterator]() {
    const input = this.#input;
    for (let index = 0; index < input.length; index++) {
      yield { segment: input[index], index, input };
    }
  }
}

export class NarrowFirstSegmenter {
  #args;
  #real;
  #graphemes;
  constructor(...args) {
    this.#args = args;
    this.#graphemes = (args[1]?.granularity ?? "grapheme") === "grapheme";
  }
  #intl() {
    this.#real ??= new Intl.Segmenter(...this.#args);
    return this.#real;
  }
  segment(input) {
    const text = String(input);
    if (this.#graphemes && ONE_UNIT_GRAPHEMES.test(text)) return new OneUnitSegments(text);
    return this.#intl().segment(text);
  }
  resolvedOptions() {
    return this.#intl().resolvedOptions();
  }
}
