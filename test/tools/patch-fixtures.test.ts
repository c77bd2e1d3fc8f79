import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runApplyPatch } from "../../src/tools/apply-patch/tool.js";
import { makeContext, readTree, tempWorkspace } from "./helpers.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "patches");
const scenarios = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("apply_patch scenarios (test/fixtures/patches)", () => {
  it("has at least 25 scenarios", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(25);
  });

  it.each(scenarios)("%s", async (name) => {
    const dir = join(FIXTURES, name);
    const patch = readFileSync(join(dir, "patch.txt"), "utf8");
    const errorFile = join(dir, "error.txt");
    const expectedError = existsSync(errorFile)
      ? readFileSync(errorFile, "utf8").trim()
      : undefined;
    const outputFile = join(dir, "output.txt");
    const workspace = await tempWorkspace(join(dir, "input"));
    try {
      const ctx = makeContext(workspace.ws);
      const output = await runApplyPatch(patch, ctx);
      const applied = ctx.events.filter((e) => e.type === "patch_applied");
      expect(applied).toHaveLength(1);
      if (expectedError !== undefined) {
        expect(output).toContain(expectedError);
        expect(applied[0]).toMatchObject({ ok: false });
      } else {
        expect(output.split("\n")[0]).toBe("Success. Updated the following files:");
        expect(applied[0]).toMatchObject({ ok: true });
        if (existsSync(outputFile)) expect(output).toBe(readFileSync(outputFile, "utf8"));
      }
      expect(await readTree(workspace.ws)).toEqual(await readTree(join(dir, "expected")));
      // nothing was written next to the workspace either
      expect(await readdir(workspace.root)).toEqual(["ws"]);
    } finally {
      await workspace.cleanup();
    }
  });

  it("never wrote the absolute path a refused patch named", () => {
    expect(existsSync("/tmp/mini-codex-should-not-exist.txt")).toBe(false);
  });
});
