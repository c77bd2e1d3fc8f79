import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

// Issue 29 part 1 through exec: `mini-codex exec rewind [SESSION_ID|--last] [TURN] --mode …`.
const suite = demoSuite();

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
});
