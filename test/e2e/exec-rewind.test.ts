import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

// Issue 29 part 1 through exec: `mini-codex exec rewind [SESSION_ID|--last] [TURN] --mode …`.
const suite = demoSuite();
type ListedPoints = { points: Array<{ turn: number; message: string }> };

const exec = (args: string[]) =>
  runCli(["exec", ...suite.against(), "-s", "workspace-write", ...args], {
    env: suite.world.env(),
  });

describe("exec rewind", () => {
  it("lists a saved session's messages, rewinds code and conversation, reports a hand edit", async () => {
    const first = await exec(["--json", "write a.txt: one"]);
    expect(first.code).toBe(0);
    const id = (jsonLines(first.stdout)[0] as { thread_id?: string }).thread_id as string;
    expect((await exec(["resume", id, "write b.txt: two"])).code).toBe(0);
    writeFileSync(join(suite.world.repo, "a.txt"), "by hand\n");

    const list = await exec(["--json", "rewind", id]);
    expect(list.code).toBe(0);
    const points = (jsonLines(list.stdout)[0] as unknown as { points: Array<{ message: string }> })
      .points;
    expect(points.map((p) => p.message)).toEqual(["write a.txt: one", "write b.txt: two"]);
    expect((await exec(["rewind", "--last"])).stdout).toBe(
      "1  write a.txt: one\n2  write b.txt: two\n",
    );

    const code = await exec(["rewind", id, "1", "--mode", "code"]);
    expect(code.code).toBe(0);
    expect(code.stdout).toContain("+two"); // the diff first
    expect(code.stdout).toContain("removed b.txt\n");
    expect(code.stdout).toContain("kept a.txt: edited outside mini-codex");
    expect(readFileSync(join(suite.world.repo, "a.txt"), "utf8")).toBe("by hand\n");
    expect(existsSync(join(suite.world.repo, "b.txt"))).toBe(false);

    const conversation = await exec(["--json", "rewind", "--last", "2", "--mode", "conversation"]);
    expect(conversation.code).toBe(0);
    expect(jsonLines(conversation.stdout)[0]).toEqual({
      type: "rewind.done",
      turn: 2,
      mode: "conversation",
      message: "write b.txt: two",
    });
    // the resumed session is the rewound one: one message left to rewind to
    expect((await exec(["rewind", id])).stdout).toBe("1  write a.txt: one\n");

    const missing = await exec(["rewind", id, "5"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no user message 5 to rewind to (messages: 1 to 1)");
    const badMode = await exec(["rewind", id, "1", "--mode", "files"]);
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toContain("--mode must be one of code, conversation, both");
  }, 120_000);

  it("after a process killed between a message's checkpoint and the message, rewinds to the one picked", async () => {
    const first = await exec(["--json", "one"]);
    const id = (jsonLines(first.stdout)[0] as { thread_id?: string }).thread_id as string;
    for (const text of ["two", "three", "four"])
      expect((await exec(["resume", id, text])).code).toBe(0);
    // what a SIGKILL right after "four"'s checkpoint line leaves: the file ends there
    const path = join(suite.world.home, "sessions", `${id}.jsonl`);
    const lines = readFileSync(path, "utf8").split("\n");
    const cut = lines.findIndex(
      (l) => l.includes('"turn_start"') && l.includes('"message":"four"'),
    );
    expect(cut).toBeGreaterThan(0);
    writeFileSync(path, `${lines.slice(0, cut + 1).join("\n")}\n`);
    // resumed read-only: the permissions update comes before "five"
    expect((await exec(["resume", id, "-s", "read-only", "five"])).code).toBe(0);
    expect((await exec(["resume", id, "six"])).code).toBe(0);
    const listed = async () =>
      (
        jsonLines((await exec(["--json", "rewind", id])).stdout)[0] as unknown as ListedPoints
      ).points.map((p) => `${p.turn}. ${p.message}`);
    expect(await listed()).toEqual(["1. one", "2. two", "3. three", "4. five", "5. six"]);

    const back = await exec(["--json", "rewind", id, "5", "--mode", "conversation"]);
    expect(jsonLines(back.stdout)[0]).toMatchObject({ turn: 5, message: "six" });
    expect(await listed()).toEqual(["1. one", "2. two", "3. three", "4. five"]);
  }, 120_000);
});
