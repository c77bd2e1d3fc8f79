import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the build, no type declarations
import { inputsDigest } from "../../build/build.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIST_FILES = ["dist/cli/main.js", "dist/bundle/main.js", "dist/bundle-cjs/mini-codex.cjs"];
const mtimes = () => DIST_FILES.map((file) => statSync(join(ROOT, file)).mtimeMs);

/** The build step of `npm run demo`: its script up to the launcher. */
function demoBuildStep(): string {
  const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts;
  const [step] = String(scripts.demo).split(" && node bin/mini-codex-demo.js");
  return step as string;
}

const runStep = () =>
  spawnSync("sh", ["-c", demoBuildStep()], { cwd: ROOT, encoding: "utf8", env: process.env });

describe("npm run demo on an up-to-date build (issue 26, item 15)", () => {
  it("does no work the second time: nothing printed, dist/ untouched", () => {
    // the first brings dist/ up to date (builds only when an input changed since the last build)
    const first = runStep();
    expect(first.status, first.stderr).toBe(0);
    const before = mtimes();
    const second = runStep();
    expect(second.status).toBe(0);
    expect(second.stdout).toBe("");
    expect(second.stderr).toBe("");
    expect(mtimes()).toEqual(before);
  }, 600_000);

  it("the inputs' digest changes with any input file's bytes or name, and only then", () => {
    const root = mkdtempSync(join(tmpdir(), "mini-codex-build-"));
    try {
      mkdirSync(join(root, "src"));
      writeFileSync(join(root, "src", "a.ts"), "export const a = 1;\n");
      writeFileSync(join(root, "package.json"), "{}\n");
      const digest = () => inputsDigest(root, ["src"], ["package.json"]);
      const first = digest();
      expect(digest()).toBe(first);
      writeFileSync(join(root, "src", "a.ts"), "export const a = 2;\n");
      const edited = digest();
      expect(edited).not.toBe(first);
      writeFileSync(join(root, "src", "b.ts"), "");
      expect(digest()).not.toBe(edited);
      rmSync(join(root, "src", "b.ts"));
      expect(digest()).toBe(edited);
      writeFileSync(join(root, "package.json"), '{"name":"x"}\n');
      expect(digest()).not.toBe(edited);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
