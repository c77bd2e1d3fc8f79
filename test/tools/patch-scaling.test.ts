import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DISPLAY_DIFF_MAX_LINES,
  formatUnifiedDiff,
  replacementScript,
} from "../../src/tools/apply-patch/display-diff.js";
import { LineIndex, seekSequence } from "../../src/tools/apply-patch/seek.js";
import { runApplyPatch } from "../../src/tools/apply-patch/tool.js";
import { Prng } from "../fuzz/prng.js";
import { applyPatch, makeContext, type TempWorkspace, tempWorkspace } from "./helpers.js";

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

function rewritePatch(path: string, old: string[], suffix: string): string {
  const body = [...old.map((l) => `-${l}`), ...old.map((l) => `+${l}${suffix}`)];
  return ["*** Begin Patch", `*** Update File: ${path}`, "@@", ...body, "*** End Patch"].join("\n");
}

describe("display diff of an update (built from the patch's own lines)", () => {
  it("shows each change with 3 lines of context and separate hunks for distant changes", () => {
    const old = lines(30, (i) => `l${i}`);
    const script = replacementScript(old, [
      { at: 5, length: 2, lines: ["l5", "L6"], keptFrom: [0, -1] },
      { at: 25, length: 0, lines: ["new"], keptFrom: [-1] },
    ]);
    const diff = formatUnifiedDiff("a/f", "b/f", script);
    expect(diff).toBe(
      [
        "--- a/f",
        "+++ b/f",
        "@@ -4,7 +4,7 @@",
        " l3",
        " l4",
        " l5",
        "-l6",
        "+L6",
        " l7",
        " l8",
        " l9",
        "@@ -23,6 +23,7 @@",
        " l22",
        " l23",
        " l24",
        "+new",
        " l25",
        " l26",
        " l27",
        "",
      ].join("\n"),
    );
  });

  it("caps the diff of a 100 000-line rewrite and says how much it left out", async () => {
    const ws = await tempWorkspace();
    try {
      const old = lines(100_000, (i) => `line ${i}`);
      await writeFile(join(ws.ws, "big.txt"), `${old.join("\n")}\n`);
      const ctx = makeContext(ws.ws);
      const out = await runApplyPatch(rewritePatch("big.txt", old, " x"), ctx);
      expect(out).toBe("Success. Updated the following files:\nM big.txt");
      expect(readFileSync(join(ws.ws, "big.txt"), "utf8")).toBe(
        `${old.map((l) => `${l} x`).join("\n")}\n`,
      );
      const event = ctx.events.find((e) => e.type === "patch_applied");
      const diff = event?.type === "patch_applied" ? (event.changes[0]?.diff ?? "") : "";
      const shown = diff.trimEnd().split("\n");
      // headers, one hunk header, the capped changed lines, the count of the rest
      expect(shown.length).toBe(3 + DISPLAY_DIFF_MAX_LINES + 1);
      expect(shown.slice(0, 4)).toEqual([
        "--- a/big.txt",
        "+++ b/big.txt",
        "@@ -1,2000 +0,0 @@",
        "-line 0",
      ]);
      expect(shown.at(-1)).toBe(
        `… ${200_000 - DISPLAY_DIFF_MAX_LINES} more changed lines not shown`,
      );
    } finally {
      await ws.cleanup();
    }
  });
});

describe("seekSequence (linear search)", () => {
  const naive = (view: string[], wanted: string[], from: number) => {
    for (let i = from; i + wanted.length <= view.length; i += 1)
      if (wanted.every((w, j) => view[i + j] === w)) return i;
    return undefined;
  };

  it("finds the same first match as a naive scan on repetitive files (seeded)", () => {
    const rng = new Prng(12);
    for (let round = 0; round < 2_000; round += 1) {
      const file = lines(rng.int(40), () => rng.pick(["a", "b", "a"]));
      const pattern = lines(1 + rng.int(5), () => rng.pick(["a", "b"]));
      const from = rng.int(file.length + 1);
      expect(seekSequence(new LineIndex(file), pattern, from, false)).toBe(
        naive(file, pattern, from),
      );
    }
  });
});

describe("an interrupted apply_patch", () => {
  let ws: TempWorkspace;
  beforeEach(async () => {
    ws = await tempWorkspace();
    await writeFile(join(ws.ws, "a.txt"), "old\n");
  });
  afterEach(() => ws.cleanup());

  const UPDATE = "*** Begin Patch\n*** Update File: a.txt\n@@\n-old\n+new\n*** End Patch\n";

  it("writes nothing when the turn is interrupted while it waits for approval", async () => {
    const controller = new AbortController();
    const ctx = makeContext(ws.ws, {
      signal: controller.signal,
      approve: async () => {
        controller.abort();
        return { kind: "approve" as const };
      },
    });
    const out = await applyPatch(UPDATE, ctx);
    expect(out).toBe("aborted: the turn was interrupted before any file was changed");
    expect(readFileSync(join(ws.ws, "a.txt"), "utf8")).toBe("old\n");
    expect(ctx.events).toMatchObject([{ type: "patch_applied", ok: false }]);
  });

  it("stops before reading the files when interrupted already", async () => {
    const controller = new AbortController();
    controller.abort();
    const out = await runApplyPatch(UPDATE, makeContext(ws.ws, { signal: controller.signal }));
    expect(out).toMatch(/^aborted: /);
    expect(readFileSync(join(ws.ws, "a.txt"), "utf8")).toBe("old\n");
  });
});
