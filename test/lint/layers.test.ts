import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
      'import { tool } from "../tools/tool.js";\nexport const loop = tool;\n',
    );
    write(dir, "src/tools/tool.ts", "export const tool = 1;\n");
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
      'import type { loop } from "../turn/loop.js";\nexport type L = typeof loop;\n',
    );
    write(dir, "src/ui/view.ts", "export const view = 1;\n");
    write(
      dir,
      "src/exec/run.ts",
      'import { view } from "../ui/view.js";\nexport const r = view;\n',
    );
    write(
      dir,
      "src/extras/x.ts",
      'import { tool } from "../tools/tool.js";\nexport const x = tool;\n',
    );
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toContain("layer-tools: src/tools/bad.ts → src/turn/loop.ts");
    expect(report).toContain("layer-exec: src/exec/run.ts → src/ui/view.ts");
    expect(report).toContain("layer-unknown-folder: src/extras/x.ts → src/tools/tool.ts");
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
