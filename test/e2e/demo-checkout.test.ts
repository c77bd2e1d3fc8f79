import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, type TempWorld, tempWorld } from "./helpers.js";

// Issue 26, item 16: the README's `node bin/mini-codex.js --demo`, run in the checkout.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const cleanup: string[] = [];
let world: TempWorld | undefined;
afterEach(() => {
  world?.cleanup();
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("--demo started inside mini-codex's own checkout", () => {
  it("works in a scratch repository, says where before anything runs, leaves the checkout alone", async () => {
    world = tempWorld();
    const run = await runCli(
      ["exec", "--demo", "--full-auto", "write demo-made-by-the-test.txt: hi"],
      { env: world.env(), cwd: ROOT },
    );
    const dir = /working in a scratch repository, (\S+) \(-C DIR to choose\)/.exec(run.stderr)?.[1];
    if (dir) cleanup.push(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(dir).toMatch(/mini-codex-demo-/);
    // said first: before the header and the first request
    expect(run.stderr.indexOf("scratch repository")).toBeLessThan(run.stderr.indexOf("workdir:"));
    expect(run.stderr).toContain(`workdir: ${dir}\n`);
    expect(readFileSync(join(dir as string, "demo-made-by-the-test.txt"), "utf8")).toBe("hi\n");
    expect(existsSync(join(ROOT, "demo-made-by-the-test.txt"))).toBe(false);
  }, 60_000);

  it("-C names the directory: no scratch repository, no notice", async () => {
    world = tempWorld();
    const run = await runCli(["exec", "--demo", "-C", world.repo, "hello"], {
      env: world.env(),
      cwd: ROOT,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("scratch repository");
    expect(run.stderr).toContain(`workdir: ${world.repo}\n`);
  }, 60_000);
});
