import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePatch } from "../../src/tools/apply-patch/parse.js";
import { createPatchDiffConsumer, PatchStreamParser } from "../../src/tools/apply-patch/stream.js";
import type { PatchPreview, ToolEvent } from "../../src/tools/types.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "patches");
const fixturePatches = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => [e.name, readFileSync(join(FIXTURES, e.name, "patch.txt"), "utf8")] as const);

const BIG_PATCH = [
  "*** Begin Patch",
  "*** Add File: src/new.ts",
  ...Array.from({ length: 40 }, (_, i) => `+export const v${i} = ${i};`),
  "*** Update File: src/old.ts",
  "*** Move to: src/renamed.ts",
  "@@ function main() {",
  " const a = 1;",
  "-const b = 2;",
  "+const b = 3;",
  "+const c = 4;",
  "@@",
  "-// trailing",
  "*** End of File",
  "*** Delete File: src/gone.ts",
  "*** End Patch",
].join("\n");

function streamIn(text: string, size: number): { final: PatchPreview; previews: PatchPreview[] } {
  const previews: PatchPreview[] = [];
  const parser = new PatchStreamParser({ onPreview: (p) => previews.push(p), now: () => 0 });
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
  return { final: parser.finish(), previews };
}

function wholeFeed(text: string): PatchPreview {
  const parser = new PatchStreamParser({ onPreview: () => {}, now: () => 0 });
  parser.push(text);
  return parser.finish();
}

describe("apply_patch streaming preview", () => {
  const cases = [...fixturePatches, ["big", BIG_PATCH] as const];

  it.each(cases)(
    "%s: every chunk size 1..64 gives the preview of the whole input",
    (_name, text) => {
      const whole = wholeFeed(text);
      for (let size = 1; size <= 64; size += 1) {
        const { final, previews } = streamIn(text, size);
        expect(final).toEqual(whole);
        expect(previews.at(-1)).toEqual(whole);
      }
    },
  );

  it.each(cases)("%s: lists the same files as the full parser", (_name, text) => {
    let ops: ReturnType<typeof parsePatch>["ops"];
    try {
      ops = parsePatch(text).ops;
    } catch {
      return; // an invalid patch has no file list to compare
    }
    const expected = ops.map((op) =>
      op.type === "update" && op.movePath !== undefined
        ? { path: op.path, kind: "move", movePath: op.movePath }
        : { path: op.path, kind: op.type },
    );
    const files = wholeFeed(text).files.map(({ path, kind, movePath }) =>
      movePath === undefined ? { path, kind } : { path, kind, movePath },
    );
    expect(files).toEqual(expected);
  });

  it("counts lines added and removed per file and shows the current hunk", () => {
    const preview = wholeFeed(BIG_PATCH);
    expect(preview.done).toBe(true);
    expect(preview.files).toEqual([
      { path: "src/new.ts", kind: "add", linesAdded: 40, linesRemoved: 0 },
      {
        path: "src/old.ts",
        kind: "move",
        movePath: "src/renamed.ts",
        linesAdded: 2,
        linesRemoved: 2,
      },
      { path: "src/gone.ts", kind: "delete", linesAdded: 0, linesRemoved: 0 },
    ]);
    const partial = streamIn(BIG_PATCH.slice(0, BIG_PATCH.indexOf("+const c")), 7);
    expect(partial.final.files[1]).toMatchObject({ linesAdded: 1, linesRemoved: 1 });
    expect(partial.final.currentHunk).toBe(
      "@@ function main() {\n const a = 1;\n-const b = 2;\n+const b = 3;\n",
    );
  });

  it("works on complete lines only: a half-received line is not counted until it ends", () => {
    const previews: PatchPreview[] = [];
    const parser = new PatchStreamParser({ onPreview: (p) => previews.push(p), throttleMs: 0 });
    parser.push("*** Begin Patch\n*** Add File: a.txt\n+hel");
    expect(previews.at(-1)?.files).toEqual([
      { path: "a.txt", kind: "add", linesAdded: 0, linesRemoved: 0 },
    ]);
    parser.push("lo\n");
    expect(previews.at(-1)?.files[0]?.linesAdded).toBe(1);
    expect(previews.at(-1)?.currentHunk).toBe("+hello\n");
  });

  it("throttles previews to one per 100 ms and always delivers the last one on finish()", () => {
    let clock = 1000;
    const events: ToolEvent[] = [];
    const consumer = createPatchDiffConsumer("call_9", (e) => events.push(e), { now: () => clock });
    consumer.push("*** Begin Patch\n*** Add File: a.txt\n");
    expect(events).toHaveLength(1);
    clock += 50;
    consumer.push("+one\n");
    consumer.push("+two\n");
    expect(events).toHaveLength(1);
    clock += 50;
    consumer.push("+three\n");
    expect(events).toHaveLength(2);
    consumer.push("+four\n");
    expect(events).toHaveLength(2);
    consumer.finish();
    expect(events).toHaveLength(3);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: "patch_preview", callId: "call_9" });
    if (last?.type !== "patch_preview") throw new Error("not a preview");
    expect(last.preview.done).toBe(true);
    expect(last.preview.files[0]?.linesAdded).toBe(4);
  });

  it("ignores a heredoc wrapper and whatever follows *** End Patch", () => {
    const preview = wholeFeed(
      "<<'EOF'\n*** Begin Patch\n*** Delete File: x\n*** End Patch\nEOF\n+junk\n",
    );
    expect(preview.files).toEqual([{ path: "x", kind: "delete", linesAdded: 0, linesRemoved: 0 }]);
  });

  it("takes an indented file header as the full parser does, and a ' ' line in a hunk as context", () => {
    const preview = wholeFeed(
      "*** Begin Patch\n  *** Add File: a\n+x\n\t*** Update File: b\n@@\n *** Add File: c\n-y\n+z\n*** End Patch\n",
    );
    expect(preview.files).toEqual([
      { path: "a", kind: "add", linesAdded: 1, linesRemoved: 0 },
      { path: "b", kind: "update", linesAdded: 1, linesRemoved: 1 },
    ]);
  });
});
