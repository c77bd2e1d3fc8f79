import { describe, expect, it } from "vitest";
import { FileMatcher } from "../../src/ui/input/file-matcher.js";

const values = (matcher: FileMatcher, query: string) =>
  matcher.match(query, 8).map((item) => item.value);

// A tree where thousands of paths match short queries, so narrowing and the cap both act.
const FILES = [
  ...Array.from({ length: 3000 }, (_, i) => `gadgets/boxes/item-${i}.ts`),
  ...Array.from({ length: 500 }, (_, i) => `src/gear/part-${i}.ts`),
  "src/widgets/gear-box.ts",
  "README.md",
  "docs/readme-old.txt",
  "docs/GearPlan.md",
];

describe("FileMatcher: the @ popup's fuzzy matching", () => {
  it("typing a query key by key (and Backspace) offers what a fresh matcher offers", () => {
    const typed = new FileMatcher(FILES);
    for (const prefix of ["g", "ge", "gea", "gear", "gearb", "gearbo", "gearbox"]) {
      expect(values(typed, prefix)).toEqual(values(new FileMatcher(FILES), prefix));
    }
    // Backspace twice, then a different letter: the narrowed matches of "gearb…" are not reused.
    expect(values(typed, "gear")).toEqual(values(new FileMatcher(FILES), "gear"));
    expect(values(typed, "gearp")).toEqual(values(new FileMatcher(FILES), "gearp"));
    expect(values(typed, "gearp").some((path) => path.startsWith("src/gear/part-"))).toBe(true);
    // An upper-case letter makes it case-sensitive: positions found without case are not reused.
    values(typed, "ear");
    expect(values(typed, "earP")).toEqual(["docs/GearPlan.md"]);
  });

  it("among thousands of matches, the file whose name holds the query comes first", () => {
    const matcher = new FileMatcher(FILES);
    values(matcher, "g");
    values(matcher, "gb");
    expect(values(matcher, "gearbox")[0]).toBe("src/widgets/gear-box.ts");
    expect(values(new FileMatcher(FILES), "box")).toContain("src/widgets/gear-box.ts");
  });

  it("smart case: an upper-case letter makes the query case-sensitive; no match offers nothing", () => {
    const matcher = new FileMatcher(FILES);
    expect(values(matcher, "READ")).toEqual(["README.md"]);
    expect(values(matcher, "read")).toEqual(
      expect.arrayContaining(["README.md", "docs/readme-old.txt"]),
    );
    expect(values(matcher, "qqqzzz")).toEqual([]);
    expect(values(matcher, "")).toEqual(FILES.slice(0, 8));
  });
});
