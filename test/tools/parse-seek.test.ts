import { describe, expect, it } from "vitest";
import { parsePatch } from "../../src/tools/apply-patch/parse.js";
import { LineIndex, seekSequence } from "../../src/tools/apply-patch/seek.js";
import { updateFileText } from "../../src/tools/apply-patch/update.js";
import { PatchError } from "../../src/tools/errors.js";

function parseError(text: string): PatchError {
  try {
    parsePatch(text);
  } catch (error) {
    if (error instanceof PatchError) return error;
    throw error;
  }
  throw new Error("patch parsed");
}

describe("parsePatch", () => {
  it("reads add, delete, update with move, context headers and end-of-file", () => {
    const { ops } = parsePatch(
      [
        "*** Begin Patch",
        "*** Add File: n.txt",
        "+a",
        "*** Delete File: d.txt",
        "*** Update File: u.txt",
        "*** Move to: v.txt",
        "@@ class A",
        "@@   def f(self):",
        " keep",
        "-old",
        "+new",
        "*** End of File",
        "*** End Patch",
      ].join("\n"),
    );
    expect(ops).toEqual([
      { type: "add", path: "n.txt", contents: "a\n", line: 2 },
      { type: "delete", path: "d.txt", line: 4 },
      {
        type: "update",
        path: "u.txt",
        movePath: "v.txt",
        line: 5,
        chunks: [
          {
            contexts: ["class A", "  def f(self):"],
            oldLines: ["keep", "old"],
            newLines: ["keep", "new"],
            keptFrom: [0, -1],
            isEndOfFile: true,
            line: 7,
          },
        ],
      },
    ]);
  });

  it("takes a blank line inside an added file as an empty line, and ignores blank lines after it", () => {
    const { ops } = parsePatch(
      "*** Begin Patch\n*** Add File: a\n+x\n\n+y\n\n\n*** Delete File: b\n*** End Patch",
    );
    expect(ops[0]).toMatchObject({ type: "add", contents: "x\n\ny\n" });
    expect(ops[1]).toMatchObject({ type: "delete", path: "b" });
  });

  it("says which line is wrong and why", () => {
    expect(parseError("*** Begin Patch\n*** Frobnicate: x\n*** End Patch").message).toBe(
      "line 2: expected '*** Add File: ', '*** Delete File: ' or '*** Update File: ', got \"*** Frobnicate: x\"",
    );
    expect(parseError("*** Begin Patch\n*** Add File: x\nno plus\n*** End Patch").line).toBe(3);
    expect(parseError("*** Begin Patch\n*** Update File: x\n*** End Patch").message).toContain(
      "has no hunk",
    );
    expect(
      parseError("<<'EOF'\n*** Begin Patch\n*** Delete File: x\n*** End Patch\n").message,
    ).toContain("heredoc");
    expect(parseError("   \n").message).toBe("the patch is empty");
  });
});

describe("seekSequence", () => {
  const file = new LineIndex(["a  ", "  b", "c", "“q”", "c"]);

  it("prefers an exact match, then looser passes", () => {
    expect(seekSequence(file, ["c"], 0, false)).toBe(2);
    expect(seekSequence(file, ["a"], 0, false)).toBe(0);
    expect(seekSequence(file, ["b"], 0, false)).toBe(1);
    expect(seekSequence(file, ['"q"'], 0, false)).toBe(3);
    expect(seekSequence(file, ["zzz"], 0, false)).toBeUndefined();
  });

  it("searches from the cursor and anchors end-of-file hunks at the end", () => {
    expect(seekSequence(file, ["c"], 3, false)).toBe(4);
    expect(seekSequence(file, ["c"], 0, true)).toBe(4);
    expect(seekSequence(file, ["b"], 0, true)).toBeUndefined();
  });
});

describe("updateFileText", () => {
  it("keeps CRLF and a missing final newline", () => {
    const { ops } = parsePatch("*** Begin Patch\n*** Update File: f\n@@\n-b\n+B\n*** End Patch");
    const op = ops[0];
    if (op?.type !== "update") throw new Error("update expected");
    expect(updateFileText("a\r\nb\r\n", op.chunks, "f")).toBe("a\r\nB\r\n");
    expect(updateFileText("a\nb", op.chunks, "f")).toBe("a\nB");
  });
});
