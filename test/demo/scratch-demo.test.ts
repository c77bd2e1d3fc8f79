import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { createScratchWorkspace } from "../../src/demo/model/scratch.js";
import { type TempWorld, tempWorld } from "../e2e/helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane, widthFor } from "../e2e/tmux.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LAUNCHER = join(ROOT, "bin/mini-codex-demo.js");
const worlds: TempWorld[] = [];
afterAll(() => {
  for (const world of worlds) world.cleanup();
});

describe("the demo's scratch workspace", () => {
  test("a fresh git repository holding the sample files, all committed", () => {
    const world = tempWorld();
    worlds.push(world);
    const dir = createScratchWorkspace(world.root);
    expect(dir.startsWith(join(world.root, "mini-codex-demo-"))).toBe(true);
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain("run: ls -la");
    expect(existsSync(join(dir, "hello.py"))).toBe(true);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });
    expect(git("status", "--porcelain")).toBe("");
    expect(git("ls-files").split("\n").filter(Boolean).sort()).toEqual([
      "README.md",
      "hello.py",
      "notes/todo.md",
    ]);
    expect(git("rev-parse", "--show-toplevel").trim()).toBe(dir);
  });

  test("package.json's demo script runs the launcher (the README's npm ci && npm run demo)", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.demo).toBe("node build/build.mjs --quiet && node bin/mini-codex-demo.js");
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain("npm ci && npm run demo");
  });
});

describe.skipIf(!hasTmux)("npm run demo's launcher in a terminal", () => {
  let pane: Pane | undefined;
  afterAll(() => pane?.kill());

  test("the header shows the scratch workspace, and a demo write lands there, not in the checkout", async () => {
    buildIfStale();
    const world = tempWorld();
    worlds.push(world);
    pane = startPane({
      world,
      baseUrl: "http://127.0.0.1:9/v1",
      bin: LAUNCHER,
      args: ["-c", 'approval_policy="never"'],
      env: { TMPDIR: world.root },
      // the header names the workspace (under this run's temp folder, of any length): one row
      width: widthFor(join(world.root, "mini-codex-demo-XXXXXX"), 60),
    });
    const { screen, until, type } = pane;
    const header = /(\/\S*mini-codex-demo-[A-Za-z0-9]+)/;
    await until(() => header.test(screen()), "the header naming the workspace", 30_000);
    const workspace = header.exec(screen())?.[1] as string;
    expect(workspace.startsWith(world.root)).toBe(true);
    type("write notes/from-demo.txt: written in the scratch workspace");
    await until(() => screen().includes("Applied the patch."), "the patch to apply");
    expect(readFileSync(join(workspace, "notes/from-demo.txt"), "utf8")).toBe(
      "written in the scratch workspace\n",
    );
    expect(existsSync(join(ROOT, "notes/from-demo.txt"))).toBe(false);
    pane.keys("C-c");
    pane.keys("C-c");
    await until(() => screen().includes(`demo workspace kept at ${workspace}`), "the exit note");
  }, 90_000);
});
