import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the launcher, no type declarations
import { bundleIsFresh } from "../../bin/bundle-freshness.js";

let dist: string;
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);

function file(path: string, seconds: number): void {
  const full = join(dist, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, "// js\n");
  utimesSync(full, at(seconds), at(seconds));
}

const fresh = (bundle?: string): boolean =>
  (bundleIsFresh as (dist: URL, bundle?: string) => boolean)(pathToFileURL(`${dist}/`), bundle);

/** The list the build writes next to a bundle (build/bundle-inputs.mjs). */
function inputs(bundleDir: string, names: string[]): void {
  writeFileSync(join(dist, bundleDir, "inputs.json"), JSON.stringify(names));
}

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), "mini-codex-launcher-"));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("bin/mini-codex.js: when the rolldown bundle may run instead of tsc's output", () => {
  it("runs the bundle made after the whole tsc output (npm run build)", () => {
    file("cli/main.js", 10);
    file("exec/run-exec.js", 10);
    file("bundle/main.js", 20);
    expect(fresh()).toBe(true);
  });

  it("never runs a bundle older than any compiled file, e.g. after `tsc --watch` re-emitted one", () => {
    file("cli/main.js", 10);
    file("exec/run-exec.js", 30);
    file("bundle/main.js", 20);
    expect(fresh()).toBe(false);
  });

  it("looks at tsc's output in every folder, never at the bundles' own files", () => {
    file("cli/main.js", 10);
    file("tools/apply-patch/parse.js", 10);
    file("bundle/main.js", 20);
    file("bundle/chunk-abc.js", 25);
    file("bundle-cjs/x.js", 25);
    expect(fresh()).toBe(true);
    file("tools/apply-patch/parse.js", 30);
    expect(fresh()).toBe(false);
  });

  it("falls back to tsc's output when there is no bundle", () => {
    file("cli/main.js", 10);
    expect(fresh()).toBe(false);
  });

  it("with the build's list of the bundle's inputs, checks those: all older runs, one newer does not", () => {
    file("cli/main.js", 10);
    file("exec/run-exec.js", 10);
    file("bundle-cjs/mini-codex.cjs", 20);
    inputs("bundle-cjs", ["cli/main.js", "exec/run-exec.js"]);
    expect(fresh("bundle-cjs/mini-codex.cjs")).toBe(true);
    file("exec/run-exec.js", 30);
    expect(fresh("bundle-cjs/mini-codex.cjs")).toBe(false);
  });

  it("runs the bundles of an installed package, which ships neither tsc's output nor the lists", () => {
    file("bundle/main.js", 20);
    file("bundle-cjs/mini-codex.cjs", 20);
    file("help.json", 20);
    expect(fresh()).toBe(true);
    expect(fresh("bundle-cjs/mini-codex.cjs")).toBe(true);
  });

  it("never runs a bundle one of whose inputs is gone", () => {
    file("cli/main.js", 10);
    file("bundle/main.js", 20);
    inputs("bundle", ["cli/main.js", "cli/removed.js"]);
    expect(fresh()).toBe(false);
  });
});
