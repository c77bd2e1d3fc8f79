import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePatch } from "../../src/tools/apply-patch/parse.js";
import { PatchStreamParser } from "../../src/tools/apply-patch/stream.js";
import { runApplyPatch } from "../../src/tools/apply-patch/tool.js";
import { PatchError } from "../../src/tools/errors.js";
import { makeContext, readTree, type TempWorkspace, tempWorkspace } from "../tools/helpers.js";
import { fuzz, mutateMany, typedFailure } from "./harness.js";
import type { Prng } from "./prng.js";

const FILES: Record<string, string> = {
  "a.txt": "alpha\nbeta\ngamma\ndelta\n",
  "src/app.py":
    "class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 2\n",
  "crlf.txt": "one\r\ntwo\r\nthree\r\n",
  "nofinal.txt": "last line without newline",
  "empty.txt": "",
};

const PATCHES = [
  "*** Begin Patch\n*** Update File: a.txt\n@@\n alpha\n-beta\n+BETA\n gamma\n*** End Patch\n",
  "*** Begin Patch\n*** Update File: src/app.py\n@@ class A:\n@@     def g(self):\n-        return 2\n+        return 3\n*** End of File\n*** End Patch",
  "*** Begin Patch\n*** Add File: new/dir/n.txt\n+hello\n+\n+world\n*** Delete File: empty.txt\n*** End Patch",
  "*** Begin Patch\n*** Update File: crlf.txt\n*** Move to: moved.txt\n@@\n-two\n+TWO\n*** End Patch",
  "<<'EOF'\n*** Begin Patch\n*** Update File: nofinal.txt\n@@\n-last line without newline\n+replaced\n*** End Patch\nEOF",
  "*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+A\n@@\n-delta\n+D\n*** Add File: a.txt\n+dup\n*** End Patch",
];

const TOKENS = [
  "*** Begin Patch\n",
  "*** End Patch\n",
  "*** Add File: ",
  "*** Delete File: ",
  "*** Update File: ",
  "*** Move to: ",
  "*** End of File\n",
  "@@ ",
  "@@\n",
  "../",
  "/etc/",
  "a.txt",
  "\n+",
  "\n-",
  "\n ",
  "\u201cq\u201d",
];

const malformedPatch = (rng: Prng) => mutateMany(rng, rng.pick(PATCHES), 4, TOKENS);

describe("fuzz: apply_patch parser and applier", { timeout: 60_000 }, () => {
  let ws: TempWorkspace;
  let pristine: Record<string, string>;
  const reset = async () => {
    await rm(ws.ws, { recursive: true, force: true });
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(ws.ws, path, ".."), { recursive: true });
      await writeFile(join(ws.ws, path), text);
    }
  };
  beforeAll(async () => {
    ws = await tempWorkspace();
    await reset();
    pristine = await readTree(ws.ws);
  });
  afterAll(() => ws.cleanup());

  it("parsePatch and the streaming preview: a result or a PatchError, never a crash", async () => {
    const cases = await fuzz("parsePatch", 3_000, malformedPatch, async (text, rng) => {
      await typedFailure(() => parsePatch(text), [PatchError]);
      const preview = new PatchStreamParser({ onPreview: () => {} });
      for (let i = 0; i < text.length; i += 1 + rng.int(7)) preview.push(text.slice(i, i + 7));
      expect(preview.finish().done).toBe(true);
    });
    expect(cases).toBe(3_000);
  });

  it("runApplyPatch: a tool output, never a throw; a rejected patch leaves the workspace byte-identical", async () => {
    let rejected = 0;
    const cases = await fuzz("runApplyPatch", 1_200, malformedPatch, async (text) => {
      const ctx = makeContext(ws.ws);
      const output = await runApplyPatch(text, ctx);
      expect(typeof output).toBe("string");
      expect(ctx.events.filter((e) => e.type === "patch_applied")).toHaveLength(1);
      // nothing is ever written next to the workspace
      expect(await readdir(ws.root)).toEqual(["ws"]);
      if (output.startsWith("Success.")) {
        await reset();
        return;
      }
      rejected += 1;
      expect(await readTree(ws.ws)).toEqual(pristine);
    });
    expect(cases).toBe(1_200);
    // the mutations are mostly fatal: the invariant was checked on many rejected patches
    expect(rejected).toBeGreaterThan(500);
  });
});
