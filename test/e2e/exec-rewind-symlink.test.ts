import { spawn } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runCli, type TempWorld, tempWorld } from "./helpers.js";

// Issue 43, the rewind side of hole 2: a code rewind runs unconfined (the person's action), so
// every file it writes or removes is walked by the kernel from the workspace without following
// a symlink. On main it unlinked by path and wrote with `git checkout-index`, whose symlink
// checks come before the writes: with `d` flipped beside it, 61 of 100 files landed outside.
let world: TempWorld;
let outside: string;
beforeEach(() => {
  world = tempWorld();
  outside = join(world.root, "outside");
  mkdirSync(outside);
});
afterEach(() => world.cleanup());

const exec = (args: string[]) =>
  runCli(["exec", "--demo", "-s", "workspace-write", "-C", world.repo, ...args], {
    env: world.env(),
  });

/** A turn through the binary; returns its session id. */
async function turn(prompt: string): Promise<string> {
  const run = await exec(["--json", prompt]);
  expect(run.code, run.stderr).toBe(0);
  return (jsonLines(run.stdout)[0] as { thread_id?: string }).thread_id as string;
}

describe("exec rewind --mode code never writes through a symlink (real git, built binary)", () => {
  it("d made a symlink to an outside folder after the turn: kept, d/x.txt refused naming d, the rest restored", async () => {
    mkdirSync(join(world.repo, "d"));
    writeFileSync(join(world.repo, "d", "x.txt"), "x0\n");
    writeFileSync(join(world.repo, "a.txt"), "a0\n");
    const id = await turn("run: echo a1 > a.txt && rm -r d");
    symlinkSync(outside, join(world.repo, "d"));

    const rewind = await exec(["rewind", id, "1", "--mode", "code"]);
    expect(rewind.code, rewind.stderr).toBe(1);
    expect(rewind.stdout).toContain("restored a.txt\n");
    expect(rewind.stdout).toContain("kept d: edited outside mini-codex since, not overwritten\n");
    expect(rewind.stdout).toContain(
      `refused d/x.txt: goes through a symlink that leaves the workspace: d -> ${outside}\n`,
    );
    expect(readFileSync(join(world.repo, "a.txt"), "utf8")).toBe("a0\n");
    expect(lstatSync(join(world.repo, "d")).isSymbolicLink()).toBe(true);
    expect(readdirSync(outside)).toEqual([]);
  }, 120_000);

  it("100 files restored under d while a process flips d between inside and outside: none lands outside", async () => {
    const FILES = 100;
    mkdirSync(join(world.repo, "d"));
    mkdirSync(join(world.repo, "real"));
    for (let i = 1; i <= FILES; i++) writeFileSync(join(world.repo, "d", `x${i}.txt`), `${i}\n`);
    const id = await turn("run: rm -r d");
    // what a model's process left running would do: swap `d` for a link to `real` or to the
    // outside folder every half millisecond, moving aside any real folder the rewind makes
    const flip = `my $n = 0; while (1) { for my $t ("real", $ARGV[0]) {
      rename("d", "moved." . $n++) if -d "d" && !-l "d";
      symlink($t, $ARGV[1]); rename($ARGV[1], "d"); select(undef, undef, undef, 0.0005) } }`;
    const flipper = spawn("perl", ["-e", flip, outside, join(world.root, "d.tmp")], {
      cwd: world.repo,
      stdio: "ignore",
    });
    let rewind: Awaited<ReturnType<typeof exec>>;
    try {
      rewind = await exec(["rewind", id, "1", "--mode", "code"]);
    } finally {
      flipper.kill();
    }
    expect(readdirSync(outside)).toEqual([]);
    const lines = rewind.stdout.split("\n").filter((line) => /^(restored|refused) /.test(line));
    expect(lines).toHaveLength(FILES);
    const refused = lines.filter((line) => line.startsWith("refused "));
    for (const line of refused)
      expect(line).toMatch(/^refused d\/x\d+\.txt: goes through a symlink/);
    expect(rewind.code, rewind.stderr).toBe(refused.length > 0 ? 1 : 0);
  }, 120_000);
});
