import { describe, expect, it } from "vitest";
import { groupedNumber } from "../../src/text/grouped-number.js";

describe("groupedNumber: token counts as `toLocaleString('en-US')` prints them, without ICU", () => {
  it("groups thousands exactly as en-US does, negatives and large counts included", () => {
    const values = [0, 7, 999, 1000, 1664, 12_002, 999_999, 1_000_000, 123_456_789, -1234, -999];
    values.push(Number.MAX_SAFE_INTEGER, 1.5, 1234.5678, Number.NaN);
    for (const n of values) expect(groupedNumber(n)).toBe(n.toLocaleString("en-US"));
  });
});
