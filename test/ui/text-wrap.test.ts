import { describe, expect, it } from "vitest";
import { displayWidth, wrapRuns } from "../../src/ui/transcript/text-wrap.js";

const rowsText = (rows: ReturnType<typeof wrapRuns>) =>
  rows.map((row) => row.map((r) => r.text).join(""));

describe("wrapRuns", () => {
  it("breaks at spaces, drops the space at the break and keeps rows within the width", () => {
    const rows = rowsText(wrapRuns([{ text: "the quick brown fox jumps over the lazy dog" }], 10));
    expect(rows).toEqual(["the quick", "brown fox", "jumps over", "the lazy", "dog"]);
    for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(10);
  });

  it("keeps leading indentation, splits words longer than a row, keeps styles", () => {
    const rows = wrapRuns([{ text: "    indented " }, { text: "abcdefghijklmnop", code: true }], 8);
    expect(rowsText(rows)).toEqual(["    ", "indented", "abcdefgh", "ijklmnop"]);
    expect(rows[2]?.[0]?.code).toBe(true);
    expect(rows[1]?.[0]?.code).toBeUndefined();
  });

  it("counts wide characters as two columns", () => {
    expect(displayWidth("日本語")).toBe(6);
    expect(displayWidth("é")).toBe(1);
    const rows = rowsText(wrapRuns([{ text: "日本語 日本語" }], 7));
    expect(rows).toEqual(["日本語", "日本語"]);
  });

  it("gives one empty row for an empty line", () => {
    expect(wrapRuns([{ text: "" }], 10)).toEqual([[]]);
  });
});
