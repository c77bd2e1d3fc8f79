import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the build, no type declarations
import { NarrowFirstSegmenter } from "../../build/narrow-first-segmenter.mjs";

type Segment = { segment: string; index: number };
type Segments = Iterable<Segment> & { containing(index?: number): Segment | undefined };
type Segmenter = { segment(input: string): Segments };

const intl = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const narrow: Segmenter = new NarrowFirstSegmenter(undefined, { granularity: "grapheme" });

const split = (segments: Segments) => [...segments].map(({ segment, index }) => [segment, index]);
const at = (segments: Segments, index: number) => {
  const found = segments.containing(index);
  return found && [found.segment, found.index];
};

/** Every code unit of the fast set: controls but CR, ASCII, Latin-1, punctuation, arrows, boxes, ✓. */
const FAST: string[] = [];
const ranges: [number, number][] = [
  [0x00, 0x0c],
  [0x0e, 0x7e],
  [0xa0, 0xac],
  [0xae, 0xff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2190, 0x2199],
  [0x2500, 0x259f],
  [0x2713, 0x2713],
];
for (const [from, to] of ranges) for (let c = from; c <= to; c++) FAST.push(String.fromCharCode(c));

/** Deterministic pseudo-random strings (no timing, no flakiness). */
function strings(alphabet: string[], count: number, seed = 7): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 40) }, () => alphabet[next() % alphabet.length]).join(""),
  );
}

describe("build/narrow-first-segmenter.mjs: Ink's grapheme segmentation without ICU for plain text", () => {
  it("splits text of the fast set exactly as Intl.Segmenter does (every character, then mixes)", () => {
    for (const text of [...FAST, ...strings(FAST, 400), "\u001b[1mbold\u001b[22m › ─┐"]) {
      expect(split(narrow.segment(text))).toEqual(split(intl.segment(text)));
    }
  });

  it("answers containing(i) as Intl.Segmenter does, inside and outside the string", () => {
    for (const text of strings(FAST, 50, 11)) {
      for (let i = -1; i <= text.length; i++) {
        expect(at(narrow.segment(text), i)).toEqual(at(intl.segment(text), i));
      }
    }
  });

  it("gives text with CR LF, emoji, ZWJ sequences, flags and combining marks to Intl.Segmenter", () => {
    const hard = ["a\r\nb", "👍🏽 ok", "👩‍💻", "🇫🇷", "e\u0301", "한국어", "x\u200dy", "\u00ad-"];
    for (const text of hard) {
      expect(split(narrow.segment(text))).toEqual(split(intl.segment(text)));
      expect(at(narrow.segment(text), 1)).toEqual(at(intl.segment(text), 1));
    }
  });

  it("leaves word and sentence segmentation to Intl.Segmenter", () => {
    const words: Segmenter = new NarrowFirstSegmenter("en", { granularity: "word" });
    const text = "two words";
    expect(split(words.segment(text))).toEqual(
      split(new Intl.Segmenter("en", { granularity: "word" }).segment(text)),
    );
  });
});
