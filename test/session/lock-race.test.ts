import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "../e2e/helpers.js";

// The contenders are separate node processes running the built lock (npm run build first).
const LOCK_MODULE = pathToFileURL(join(process.cwd(), "dist/session/store/session-lock.js")).href;

/**
 * One contender for many rounds: for round r it waits (1 ms polls) until `<dir>/go<r>` exists (so all start
 * together), tries the lock `<dir>/s<r>.jsonl.lock`, reports, and keeps what it won until `<dir>/done`
 * exists (so no winner releases a lock while another contender may still be racing for it); then
 * it reports, for each lock it won, whether the file still names it (nobody took it from it).
 */
const CONTENDER = `
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
const [dir, rounds] = process.argv.slice(1);
const { lockSession } = await import(${JSON.stringify(LOCK_MODULE)});
const pause = new Int32Array(new SharedArrayBuffer(4));
const won = [];
for (let round = 0; round < Number(rounds); round += 1) {
  const go = join(dir, "go" + round);
  while (!existsSync(go)) Atomics.wait(pause, 0, 0, 1);
  let result;
  try { lockSession(join(dir, "s" + round + ".jsonl.lock"), "session s"); result = "won"; }
  catch (error) { result = error.name === "SessionLockedError" ? "locked" : "error " + error.message; }
  process.stdout.write(round + " " + result + "\\n");
  if (result === "won") won.push(round);
}
while (!existsSync(join(dir, "done"))) Atomics.wait(pause, 0, 0, 1);
for (const round of won) {
  const owner = JSON.parse(readFileSync(join(dir, "s" + round + ".jsonl.lock"), "utf8"));
  process.stdout.write("held " + round + " " + (owner.pid === process.pid) + "\\n");
}
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mini-codex-lock-race-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A pid no process has, as a crashed owner leaves in its lock: above any kernel's pid_max (at
 * most 2^22), so a busy machine that wraps its pids cannot hand it to a live process while the
 * rounds run (an exited child's pid could be reused, and the lock would then look live).
 */
function deadPid(): number {
  return 2 ** 31 - 1;
}

interface Contender {
  output: () => string;
  closed: Promise<void>;
}

function startContender(rounds: number): Contender {
  const child = spawn(process.execPath, [
    "--input-type=module",
    "-e",
    CONTENDER,
    dir,
    String(rounds),
  ]);
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  return { output: () => out, closed };
}

/** What each contender reported for `round`. */
function resultsOf(contenders: Contender[], round: number): string[] {
  return contenders.map(
    (c) =>
      c
        .output()
        .split("\n")
        .find((line) => line.startsWith(`${round} `))
        ?.slice(`${round} `.length) ?? "",
  );
}

describe("taking over a stale session lock", () => {
  // Two "winners" seen before (1 round in 30, always the last) were one after the other: the
  // last round's winner exited, releasing its lock, while a slow contender was still trying.
  // Winners now hold their locks until every contender has reported, and must still hold them.
  it("exactly one of several processes racing for one stale lock gets it, round after round", async () => {
    const rounds = 30;
    const contenders = Array.from({ length: 5 }, () => startContender(rounds));
    for (let round = 0; round < rounds; round += 1) {
      const path = join(dir, `s${round}.jsonl.lock`);
      writeFileSync(path, JSON.stringify({ pid: deadPid(), host: hostname(), token: "crashed" }));
      writeFileSync(join(dir, `go${round}`), "");
      await waitFor(() => resultsOf(contenders, round).every((r) => r !== ""), 60_000);
    }
    writeFileSync(join(dir, "done"), "");
    await Promise.all(contenders.map((c) => c.closed));
    const held = contenders.flatMap((c) => c.output().match(/^held \d+ \w+$/gm) ?? []);
    expect(held.sort()).toEqual(
      Array.from({ length: rounds }, (_, round) => `held ${round} true`).sort(),
    );
    const winners = Array.from({ length: rounds }, (_, round) => {
      const results = resultsOf(contenders, round);
      expect(
        results.filter((r) => r !== "won" && r !== "locked"),
        `round ${round}`,
      ).toEqual([]);
      return results.filter((r) => r === "won").length;
    });
    expect(winners).toEqual(Array(rounds).fill(1));
    // no takeover guard or fresh lock file is left behind; the winners' locks left with them
    expect(readdirSync(dir).filter((name) => /takeover|\.new$|\.lock$/.test(name))).toEqual([]);
  }, 300_000);
});
