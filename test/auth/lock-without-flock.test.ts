import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCK_FILE, withAuthLock } from "../../src/auth/home-lock.js";

// A Mac has no flock(1): the sign-in lock is then taken by the system's Perl, the same flock(2)
// the Codex CLI and other mini-codex processes of the home wait on. Here flock(1) is taken off
// PATH for the process under test; util-linux's flock, by its absolute path, plays the other
// process (a Codex CLI refreshing the same auth.json).

const FLOCK = "/usr/bin/flock";
const hasTools =
  spawnSync(FLOCK, ["--version"]).status === 0 && spawnSync("/usr/bin/perl", ["-v"]).status === 0;

describe.skipIf(!hasTools)("the auth lock without flock(1) on PATH", () => {
  let home = "";
  let path: string | undefined;
  const holders: ChildProcess[] = [];
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), "mini-codex-lock-"));
    path = process.env.PATH;
    process.env.PATH = join(home, "no-such-bin");
  });
  afterEach(() => {
    process.env.PATH = path;
    for (const holder of holders) holder.kill("SIGKILL");
    rmSync(home, { recursive: true, force: true });
  });

  /** Another process holding the home's lock until its stdin ends. */
  async function heldElsewhere(): Promise<ChildProcess> {
    const holder = spawn(FLOCK, [join(home, LOCK_FILE), "-c", "echo held; read line"], {
      stdio: ["pipe", "pipe", "inherit"],
      env: { PATH: "/usr/bin:/bin" },
    });
    holders.push(holder);
    const lines = createInterface({ input: holder.stdout as NodeJS.ReadableStream });
    await new Promise<void>((resolve) => lines.once("line", () => resolve()));
    return holder;
  }

  it("waits for a lock another process holds, and says so when the wait is over", async () => {
    const holder = await heldElsewhere();
    let ran = false;
    await expect(
      withAuthLock(
        home,
        async () => {
          ran = true;
        },
        { waitSeconds: 1 },
      ),
    ).rejects.toThrow("another process held the sign-in lock for 1 s; try again");
    expect(ran).toBe(false);
    holder.stdin?.end();
    await new Promise((resolve) => holder.once("exit", resolve));
    await withAuthLock(home, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it("holds a lock the other process sees while the work runs, and lets it go after", async () => {
    const tryLock = () =>
      spawnSync(FLOCK, ["--nonblock", join(home, LOCK_FILE), "/bin/true"]).status;
    const during = await withAuthLock(home, async () => tryLock());
    expect(during).toBe(1);
    expect(tryLock()).toBe(0);
  });
});
