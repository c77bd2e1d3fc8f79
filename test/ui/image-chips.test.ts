import { describe, expect, it } from "vitest";
import { pathWords, wordEndingAt } from "../../src/ui/input/image-chips.js";

describe("pathWords: paths as terminals paste dragged files", () => {
  it("undoes backslash-escaped spaces and quotes, keeping where each word stands", () => {
    const text = 'see /a/my\\ shot.png \'b c.png\' "d\\"e.gif"';
    expect(pathWords(text).map((w) => w.path)).toEqual([
      "see",
      "/a/my shot.png",
      "b c.png",
      'd"e.gif',
    ]);
    const quoted = pathWords(text)[2];
    expect(text.slice(quoted?.start, quoted?.end)).toBe("'b c.png'");
  });

  it("finds the word that ends right before a typed space (a quoted one whole)", () => {
    const text = "look 'x y.png'";
    expect(wordEndingAt(text, text.length)).toEqual({ from: 5, to: text.length });
    expect(wordEndingAt("look ", 5)).toBeUndefined();
  });
});
