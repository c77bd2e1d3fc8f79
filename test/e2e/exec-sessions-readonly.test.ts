import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

/**
 * A real read-only or full sessions folder, as root too (where chmod stops nothing): the CLI
 * runs under bwrap in its own mount namespace with the folder bound read-only, or replaced by
 * a 64 KiB tmpfs filled to the last byte before mini-codex starts.
 */
const readOnly = (dir: string) => ["bwrap", "--dev-bind", "/", "/", "--ro-bind", dir, dir, "--"];
const full = (dir: string) => [
  ...["bwrap", "--dev-bind", "/", "/", "--size", "65536", "--tmpfs", dir, "--"],
  ...["sh", "-c", `cat /dev/zero > ${dir}/filler 2>/dev/null; exec "$@"`, "sh"],
];

function expectCleanRefusal(run: { code: number | null; stderr: string }, problem: string) {
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(problem);
  expect(run.stderr).toContain("nothing was half-written");
  expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /); // no stack trace
}

describe("a sessions folder that cannot be written (issue 24 item 13)", () => {
  const sessions = () => join(suite.world.home, "sessions");

  it("read-only: a new session is refused with a clear error, nothing is left behind", async () => {
    mkdirSync(sessions(), { recursive: true });
    const run = await runCli(["exec", ...suite.against(), "hello"], {
      env: suite.world.env(),
      wrapper: readOnly(sessions()),
    });
    expectCleanRefusal(run, "the file system is read-only (EROFS)");
    expect(readdirSync(sessions())).toEqual([]);
  });

  it("read-only: a resume is refused cleanly, the session file is untouched and resumes later", async () => {
    const first = await runCli(["exec", "--json", ...suite.against(), "hello"], {
      env: suite.world.env(),
    });
    const id = (jsonLines(first.stdout)[0] as unknown as { thread_id: string }).thread_id;
    const file = join(sessions(), `${id}.jsonl`);
    const before = readFileSync(file, "utf8");
    const refused = await runCli(["exec", ...suite.against(), "resume", id, "more"], {
      env: suite.world.env(),
      wrapper: readOnly(sessions()),
    });
    expectCleanRefusal(refused, "the file system is read-only (EROFS)");
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(readdirSync(sessions()).filter((name) => name.includes(".lock"))).toEqual([]);
    // writable again: the session resumes at once (no lock of the refused run is in the way)
    const resumed = await runCli(["exec", ...suite.against(), "resume", id, "more"], {
      env: suite.world.env(),
    });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain("You said: more");
  });

  it("full (ENOSPC): a new session is refused with a clear error", async () => {
    mkdirSync(sessions(), { recursive: true });
    const run = await runCli(["exec", ...suite.against(), "hello"], {
      env: suite.world.env(),
      wrapper: full(sessions()),
    });
    expectCleanRefusal(run, "no space is left on the device (ENOSPC)");
  });
});
