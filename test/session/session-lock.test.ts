import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userMessage } from "../../src/protocol/items.js";
import { processStart } from "../../src/session/store/process-start.js";
import {
  lockPathOf,
  SessionClosedError,
  SessionFile,
} from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { lockSession, SessionLockedError } from "../../src/session/store/session-lock.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mini-codex-lock-own-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const meta = (id: string) => ({
  id,
  created: "2026-01-01T00:00:00.000Z",
  cwd: "/work",
  model: "gpt-5-codex",
  provider: "openai",
});

/** Try to take the lock from a separate node process; its exit status says whether it could. */
function lockFromAnotherProcess(path: string): number | null {
  const script = [
    "const fs = require('node:fs');",
    "try { fs.writeFileSync(process.argv[1], 'x', { flag: 'wx' }); process.exit(0); }",
    "catch { process.exit(3); }",
  ].join("\n");
  return spawnSync(process.execPath, ["-e", script, path]).status;
}

describe("a session lock held by this same process", () => {
  it("refuses a second open of the session while the first holder has it, saying so", () => {
    const first = SessionFile.create(dir, meta("s1"));
    expect(() => SessionFile.reopen(first.path, "session s1")).toThrow(SessionLockedError);
    expect(() => SessionFile.reopen(first.path, "session s1")).toThrow(
      `session s1 is already open in this mini-codex process (pid ${process.pid})`,
    );
    // the refused open removed nothing: another process still finds the lock taken
    expect(lockFromAnotherProcess(lockPathOf(first.path))).toBe(3);
    first.close();
    const second = SessionFile.reopen(first.path, "session s1");
    second.append([userMessage("after the first holder left")]);
    expect(readSessionFile(first.path).history).toHaveLength(1);
    second.close();
  });

  it("a holder's release never removes a lock that is no longer its own", () => {
    const path = join(dir, "s.jsonl.lock");
    const release = lockSession(path, "session s");
    // the lock file now belongs to someone else (taken over after it looked stale)
    writeFileSync(path, JSON.stringify({ pid: process.ppid, host: hostname(), token: "theirs" }));
    release();
    expect(existsSync(path)).toBe(true);
    expect(() => lockSession(path, "session s")).toThrow(`(pid ${process.ppid})`);
  });

  it("a lock with this pid that this process does not hold (a previous process's) is stale", () => {
    const path = join(dir, "s.jsonl.lock");
    writeFileSync(path, JSON.stringify({ pid: process.pid, host: hostname(), token: "old" }));
    const release = lockSession(path, "session s");
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(path)).toBe(false);
  });
});

// issue 43 defect 5: after a kill -9, an unrelated process given the dead owner's pid made the
// lock look live until it was deleted by hand; the lock now records when its owner started
describe.runIf(process.platform === "linux")(
  "a lock whose owner's pid another process has now",
  () => {
    it("is taken over when that process started at another time, refused when it is the owner", async () => {
      const other = spawn("sleep", ["60"], { stdio: "ignore" });
      try {
        const pid = other.pid as number;
        const path = join(dir, "s.jsonl.lock");
        const started = processStart(pid);
        expect(started).toMatch(/^linux:[0-9a-f-]+:\d+$/);
        const owner = { pid, host: hostname(), token: "t" };
        // the dead owner's start, before its pid was given to `sleep`
        writeFileSync(path, JSON.stringify({ ...owner, started: `${started}0` }));
        const release = lockSession(path, "session s");
        expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({
          pid: process.pid,
          started: processStart(process.pid),
        });
        release();
        // the process that placed the lock, alive: never taken over
        writeFileSync(path, JSON.stringify({ ...owner, started }));
        expect(() => lockSession(path, "session s")).toThrow(
          `session s is open in another mini-codex process (pid ${pid})`,
        );
      } finally {
        other.kill();
      }
    });
  },
);

describe("a closed session file", () => {
  it("refuses appends and replaces with a typed error and leaves the file as the next holder read it", () => {
    const file = SessionFile.create(dir, meta("s2"));
    file.append([userMessage("kept")]);
    file.close();
    const next = SessionFile.reopen(file.path, "session s2");
    const before = readFileSync(file.path, "utf8");
    expect(() => file.append([userMessage("late")])).toThrow(SessionClosedError);
    expect(() => file.replace([userMessage("late")])).toThrow(SessionClosedError);
    expect(readFileSync(file.path, "utf8")).toBe(before);
    next.close();
  });
});
