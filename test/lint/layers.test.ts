import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "../..");
const depcruise = join(repo, "node_modules/.bin/depcruise");
const config = join(repo, ".dependency-cruiser.cjs");
const layers = (
  JSON.parse(readFileSync(join(repo, "layers.json"), "utf8")) as { layers: string[][] }
).layers;

/** Cruise a scratch src/ tree with the project's rules; returns the exit code and the report. */
async function cruise(dir: string): Promise<{ code: number; report: string }> {
  try {
    const { stdout } = await run(depcruise, ["src", "--config", config], { cwd: dir });
    return { code: 0, report: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, report: failed.stdout ?? "" };
  }
}

function write(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

describe("the import-direction check (npm run lint)", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "layers-"));
    write(dir, "tsconfig.json", JSON.stringify({ compilerOptions: { module: "NodeNext" } }));
    write(
      dir,
      "src/turn/loop.ts",
      'import { tool } from "../tools/index.js";\nexport const loop = tool;\n',
    );
    write(dir, "src/turn/index.ts", 'export { loop } from "./loop.js";\n');
    write(dir, "src/tools/tool.ts", "export const tool = 1;\n");
    write(dir, "src/tools/index.ts", 'export { tool } from "./tool.js";\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("accepts an import that points down", async () => {
    const { code, report } = await cruise(dir);
    expect(report).toContain("no dependency violations");
    expect(code).toBe(0);
  });

  it("fails on imports against the direction, naming each file and rule", async () => {
    // up a line, across one line (exec and ui), and out of a folder with no line
    write(
      dir,
      "src/tools/bad.ts",
      'import type { loop } from "../turn/index.js";\nexport type L = typeof loop;\n',
    );
    write(dir, "src/ui/index.ts", "export const view = 1;\n");
    write(
      dir,
      "src/exec/run.ts",
      'import { view } from "../ui/index.js";\nexport const r = view;\n',
    );
    write(
      dir,
      "src/extras/x.ts",
      'import { tool } from "../tools/index.js";\nexport const x = tool;\n',
    );
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toContain("layer-tools: src/tools/bad.ts → src/turn/index.ts");
    expect(report).toContain("layer-exec: src/exec/run.ts → src/ui/index.ts");
    expect(report).toContain("layer-unknown-folder: src/extras/x.ts → src/tools/index.ts");
    expect(report).toContain("3 dependency violations");
  });

  it("fails on a circle of files in an engine folder, even through a type-only import", async () => {
    write(
      dir,
      "src/turn/hooks.ts",
      'import { wrap } from "./wrapper.js";\nexport class Hooks { w = wrap; }\n',
    );
    write(
      dir,
      "src/turn/wrapper.ts",
      'import type { Hooks } from "./hooks.js";\nexport const wrap = (h?: Hooks) => h;\n',
    );
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toContain("no-file-cycle: src/turn/hooks.ts");
  });
});

describe("front doors (npm run lint)", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "doors-"));
    write(dir, "tsconfig.json", JSON.stringify({ compilerOptions: { module: "NodeNext" } }));
    write(dir, "src/tools/tool.ts", "export const tool = 1;\n");
    write(dir, "src/tools/index.ts", 'export { tool } from "./tool.js";\n');
    write(dir, "src/tools/patch/walk.ts", "export const walk = 2;\n");
    write(dir, "src/tools/patch/index.ts", 'export { walk } from "./walk.js";\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("fails on an import past a folder's index.ts, a sub-folder's too, naming both files", async () => {
    write(
      dir,
      "src/turn/loop.ts",
      'import { tool } from "../tools/tool.js";\nexport const loop = tool;\n',
    );
    write(
      dir,
      "src/tools/apply.ts",
      'import { walk } from "./patch/walk.js";\nexport const apply = walk;\n',
    );
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toContain("front-door-tools: src/turn/loop.ts → src/tools/tool.ts");
    expect(report).toContain(
      "front-door-tools-patch: src/tools/apply.ts → src/tools/patch/walk.ts",
    );
    expect(report).toContain("2 dependency violations");
  });

  it("lets an import through the index, and a dynamic import() load one module on demand", async () => {
    write(
      dir,
      "src/turn/loop.ts",
      'import { tool } from "../tools/index.js";\nexport const loop = () => [tool, import("../tools/patch/walk.js")];\n',
    );
    write(
      dir,
      "src/tools/apply.ts",
      'import { walk } from "./patch/index.js";\nexport const apply = walk;\n',
    );
    const { code, report } = await cruise(dir);
    expect(report).toContain("no dependency violations");
    expect(code).toBe(0);
  });
});

describe("src/'s folders", () => {
  /** Every folder of src/ and the files directly in it. */
  function folders(path = join(repo, "src")): { folder: string; files: string[] }[] {
    const entries = readdirSync(path, { withFileTypes: true });
    const folder = path.slice(repo.length + 1);
    const files = entries.filter((e) => e.isFile()).map((e) => e.name);
    return [
      { folder, files },
      ...entries.filter((e) => e.isDirectory()).flatMap((e) => folders(join(path, e.name))),
    ];
  }

  it("hold at most 25 files each, and each below src/ has an index.ts (but the program, src/cli)", () => {
    const all = folders().filter(({ folder }) => folder !== "src");
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter(({ files }) => files.length > 25).map(({ folder }) => folder)).toEqual([]);
    const withoutDoor = all
      .filter(({ folder, files }) => folder !== "src/cli" && !files.includes("index.ts"))
      .map(({ folder }) => folder);
    expect(withoutDoor).toEqual([]);
  });
});

describe("docs/architecture.md", () => {
  it("draws exactly the layers the check enforces", () => {
    const doc = readFileSync(join(repo, "docs/architecture.md"), "utf8");
    const block = /## Layers[\s\S]*?```text\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
    const drawn = block
      .split("\n")
      .map((line) => line.replace(/\(.*\)/, "").trim())
      .filter((line) => line !== "" && !/^[│↓|v]+$/.test(line))
      .map((line) => line.split(/\s+·\s+|\s{2,}/).map((name) => name.trim()));
    expect(drawn).toEqual(layers);
  });
});
