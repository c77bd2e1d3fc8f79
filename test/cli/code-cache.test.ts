import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the launcher, no type declarations
import { looksLikeTuiLaunch } from "../../bin/launch-kind.js";
import { testRunEnv } from "../leak-check/run-marker.js";

const CODE_CACHE = fileURLToPath(new URL("../../bin/code-cache.js", import.meta.url));

let dir: string;
let cacheDir: string;
let program: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mini-codex-code-cache-"));
  cacheDir = join(dir, "home", "cache", "code");
  program = join(dir, "program.cjs");
  writeProgram("one");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeProgram(answer: string): void {
  const source = [
    '"use strict";',
    "function fail() {",
    '  throw new Error("from line 3");',
    "}",
    `exports.answer = () => ${JSON.stringify(answer)} + require("node:path").sep;`,
    "exports.fail = fail;",
  ].join("\n");
  writeFileSync(program, source);
}

/** A separate Node process that loads the program through the code cache and prints what it saw. */
function run(seedDir?: string): { answer: string; stack: string } {
  const options = { cacheDir, kind: "tui", ...(seedDir ? { seedDir } : {}) };
  const script = `
    import { requireWithCodeCache } from ${JSON.stringify(CODE_CACHE)};
    const m = requireWithCodeCache(${JSON.stringify(program)}, ${JSON.stringify(options)});
    let stack = "";
    try { m.fail(); } catch (error) { stack = error.stack; }
    console.log(JSON.stringify({ answer: m.answer(), stack }));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(out);
}

const caches = (): string[] => {
  try {
    return readdirSync(cacheDir).sort();
  } catch {
    return [];
  }
};

describe("bin/code-cache.js: the TUI's compiled code kept between launches", () => {
  it("runs the file, stores one cache at exit, and reads it back on the next launch unchanged", () => {
    expect(run().answer).toBe("one/");
    expect(caches()).toEqual([expect.stringMatching(/^tui-[0-9a-f]{32}\.bin$/)]);
    const [name] = caches();
    const stored = readFileSync(join(cacheDir, name as string));
    // accepted: the next launch runs from it and does not write it again
    expect(run().answer).toBe("one/");
    expect(readFileSync(join(cacheDir, name as string)).equals(stored)).toBe(true);
  });

  it("keeps the file's own line numbers in stack traces", () => {
    expect(run().stack).toContain(`${program}:3`);
    expect(run().stack).toContain(`${program}:3`);
  });

  it("never runs a cache of another build; two builds sharing a home keep theirs, a third evicts the oldest", () => {
    run();
    const [first] = caches();
    writeProgram("two");
    expect(run().answer).toBe("two/");
    const two = caches();
    expect(two).toHaveLength(2);
    expect(two).toContain(first);
    const second = two.find((name) => name !== first);
    writeProgram("three");
    expect(run().answer).toBe("three/");
    const three = caches();
    expect(three).toHaveLength(2);
    expect(three).not.toContain(first);
    expect(three).toContain(second);
  });

  it("the cache is code the next launch runs: owner-only folder and file, no partial file left", () => {
    run();
    const [name] = caches();
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(cacheDir, name as string)).mode & 0o777).toBe(0o600);
    expect(caches().filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });

  it("ignores a damaged cache file, runs from source and replaces it", () => {
    run();
    const [name] = caches();
    const path = join(cacheDir, name as string);
    const damaged = readFileSync(path);
    damaged.fill(0x41, 40, damaged.length - 8);
    writeFileSync(path, damaged);
    expect(run().answer).toBe("one/");
    expect(readFileSync(path).equals(damaged)).toBe(false);
    expect(run().answer).toBe("one/");
  });

  it("a new home starts from the cache the build seeded and writes none of its own; a seed of another build is not run", () => {
    run();
    const seedDir = join(dir, "seed");
    mkdirSync(seedDir);
    const [name] = caches();
    writeFileSync(join(seedDir, name as string), readFileSync(join(cacheDir, name as string)));
    rmSync(cacheDir, { recursive: true });
    expect(run(seedDir).answer).toBe("one/");
    expect(caches()).toEqual([]);
    // the program was rebuilt: the seed's name no longer matches, the launch compiles and stores
    writeProgram("two");
    expect(run(seedDir).answer).toBe("two/");
    expect(caches()).toHaveLength(1);
    expect(caches()).not.toContain(name);
  });

  it("reads the build's record of the bundle's hash, but never for a bundle edited after it (same size)", () => {
    const facts = `${program}.facts.json`;
    execFileSync(process.execPath, [
      "--input-type=module",
      "-e",
      `import { writeBundleFacts } from ${JSON.stringify(CODE_CACHE)}; writeBundleFacts(${JSON.stringify(program)});`,
    ]);
    expect(run().answer).toBe("one/");
    expect(run().answer).toBe("one/");
    expect(caches()).toHaveLength(1);
    // the same length, written after the record: its own hash, so never the cache of "one"
    const record = statSync(facts).mtime;
    writeProgram("two");
    utimesSync(program, record, new Date(record.getTime() + 2000));
    expect(run().answer).toBe("two/");
    expect(caches()).toHaveLength(2);
  });

  it("runs when the cache cannot be written (its folder's place is taken by a file)", () => {
    mkdirSync(join(dir, "home"));
    writeFileSync(join(dir, "home", "cache"), "not a folder");
    expect(run().answer).toBe("one/");
    expect(run().answer).toBe("one/");
    expect(readFileSync(join(dir, "home", "cache"), "utf8")).toBe("not a folder");
  });
});

describe("bin/launch-kind.js: which launches start from the code-cached bundle", () => {
  it("the TUI on a terminal: no arguments, a prompt, flags, resume and fork", () => {
    for (const args of [
      [],
      ["fix the tests"],
      ["-m", "gpt-5", "-C", "/tmp"],
      ["resume", "--last"],
      ["fork"],
    ]) {
      expect(looksLikeTuiLaunch(args, true)).toBe(true);
    }
  });

  it("not exec, ledger, mcp, demo-server or help, and nothing without a terminal", () => {
    for (const args of [
      ["exec", "hi"],
      ["ledger"],
      ["mcp", "list"],
      ["demo-server"],
      ["--help"],
      ["help"],
    ]) {
      expect(looksLikeTuiLaunch(args, true)).toBe(false);
    }
    expect(looksLikeTuiLaunch([], false)).toBe(false);
  });
});

describe("the build's seeded caches (build/seed-code-cache.mjs)", () => {
  const repo = fileURLToPath(new URL("../../", import.meta.url));
  const seedDir = join(repo, "dist", "bundle-cjs", "code-cache");

  it("ships an exec and a TUI cache for this bundle; a brand-new home's first exec runs from its seed", () => {
    const seeds = readdirSync(seedDir).sort();
    expect(seeds).toEqual([
      expect.stringMatching(/^exec-[0-9a-f]{32}\.bin$/),
      expect.stringMatching(/^tui-[0-9a-f]{32}\.bin$/),
    ]);
    const home = join(dir, "new-home");
    const work = join(dir, "work");
    mkdirSync(work);
    const out = execFileSync(
      process.execPath,
      [join(repo, "bin", "mini-codex.js"), "exec", "--demo", "--skip-git-repo-check", "hello"],
      {
        cwd: work,
        env: { PATH: process.env.PATH, HOME: dir, MINI_CODEX_HOME: home, ...testRunEnv() },
        encoding: "utf8",
      },
    );
    expect(out).toContain("hello");
    // the seed was accepted: nothing was compiled from source, so nothing was stored
    const stored = (() => {
      try {
        return readdirSync(join(home, "cache", "code"));
      } catch {
        return [];
      }
    })();
    expect(stored).toEqual([]);
  });
});
