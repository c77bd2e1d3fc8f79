import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SessionFile } from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { createSession } from "../../src/turn/agent-session.js";
import { turnsMayChangeFiles } from "../../src/turn/rewind/rewind.js";
import { type Harness, harnessSessionOptions, modes, startHarness } from "../session/harness.js";

// Issue 29 part 1: checkpoints before each user turn, rewind code / conversation / both.
let h: Harness;
let resumed: ReturnType<typeof createSession> | undefined;
afterEach(async () => {
  await resumed?.close();
  resumed = undefined;
  await h?.close();
});

const update = (path: string, from: string, to: string) =>
  `patch:\n*** Begin Patch\n*** Update File: ${path}\n-${from}\n+${to}\n*** End Patch`;

/** The person's repository: a commit, a stash, a branch, a staged file; what must not change. */
function userGit(cwd: string) {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", cwd, "-c", "user.name=t", "-c", "user.email=t@t", ...args], {
      encoding: "utf8",
    });
  git("init", "-q");
  writeFileSync(join(cwd, "a.txt"), "zero\n");
  git("add", ".");
  git("commit", "-qm", "first");
  writeFileSync(join(cwd, "a.txt"), "stashed\n");
  git("stash", "-q");
  git("branch", "feature");
  return () => [
    git("stash", "list"),
    git("branch"),
    git("rev-parse", "HEAD"),
    git("ls-files", "-s"),
  ];
}

async function threeTurns() {
  const home = await startHarness({ checkpoints: true });
  h = home;
  const gitState = userGit(h.cwd);
  const file = SessionFile.create(h.home, {
    id: "rewind-file",
    created: "2026-12-02T00:00:00Z",
    cwd: h.cwd,
    model: "demo-1",
    provider: "demo",
  });
  await h.session.close();
  const options = {
    ...harnessSessionOptions({
      id: "rewind-file",
      baseUrl: h.server.baseUrl,
      home: h.home,
      cwd: h.cwd,
    }),
    checkpoints: true,
    historyStore: file,
  };
  h.session = createSession(options);
  h.session.subscribe((event) => h.events.push(event));
  const statusBefore = execFileSync("git", ["-C", h.cwd, "status", "--porcelain"], {
    encoding: "utf8",
  });
  const before = gitState();
  expect((await h.session.send(update("a.txt", "zero", "one"))).ok).toBe(true);
  const afterOne = [...h.session.history()];
  expect((await h.session.send("write b.txt: two")).ok).toBe(true);
  // between turns, by hand: mini-codex must keep this edit
  writeFileSync(join(h.cwd, "b.txt"), "edited by hand\n");
  expect((await h.session.send("write c.txt: three")).ok).toBe(true);
  const read = (name: string) => readFileSync(join(h.cwd, name), "utf8");
  expect(read("a.txt")).toBe("one\n");
  expect(read("c.txt")).toBe("three\n");
  const untouched = () => {
    expect(gitState()).toEqual(before);
    // the person's own status: only what the turns left (mini-codex adds no file of its own)
    const status = execFileSync("git", ["-C", h.cwd, "status", "--porcelain"], {
      encoding: "utf8",
    });
    expect(status.split("\n").filter((l) => l.includes(".git"))).toEqual([]);
    return status;
  };
  return { options, afterOne, read, untouched, statusBefore };
}

describe("rewind (issue 29)", () => {
  it("code only puts the files back, keeps a hand edit, leaves history and the user's git alone", async () => {
    const { read, untouched, statusBefore } = await threeTurns();
    const points = h.session.rewinds().points();
    expect(points.map((p) => p.message)).toEqual([
      update("a.txt", "zero", "one"),
      "write b.txt: two",
      "write c.txt: three",
    ]);
    const diff = await h.session.rewinds().diff(1);
    expect(diff).toContain("-zero\n+one");
    expect(diff).toContain("+three");
    const history = [...h.session.history()];
    const result = await h.session.rewinds().rewind(1, "code");
    expect(result.diff).toBe(diff);
    expect(result.code).toEqual({
      restored: ["a.txt"],
      removed: ["c.txt"],
      keptExternal: ["b.txt"],
      refused: [],
    });
    expect(read("a.txt")).toBe("zero\n");
    expect(existsSync(join(h.cwd, "c.txt"))).toBe(false);
    expect(read("b.txt")).toBe("edited by hand\n");
    expect(h.session.history()).toEqual(history);
    expect(h.session.rewinds().points()).toHaveLength(3);
    untouched();
    expect(execFileSync("git", ["-C", h.cwd, "status", "--porcelain"], { encoding: "utf8" })).toBe(
      `${statusBefore}?? b.txt\n`,
    );
  });

  it("conversation only returns history to before the message, hands it back, and the next request is full", async () => {
    const { afterOne, read } = await threeTurns();
    const result = await h.session.rewinds().rewind(2, "conversation");
    expect(result).toEqual({ mode: "conversation", message: "write b.txt: two" });
    expect(h.session.history()).toEqual(afterOne);
    expect(read("c.txt")).toBe("three\n"); // files untouched
    expect(
      h.session
        .rewinds()
        .points()
        .map((p) => p.turn),
    ).toEqual([1]);
    const sent = modes(h).length;
    expect((await h.session.send("write d.txt: four")).ok).toBe(true);
    // the patch call, then its output: the first request after the rewind is full, with the reason
    expect(modes(h).slice(sent)).toEqual(["ws_full:input_shorter", "ws_incremental"]);
    expect(
      h.session
        .rewinds()
        .points()
        .map((p) => p.message),
    ).toEqual([update("a.txt", "zero", "one"), "write d.txt: four"]);
  });

  it("a resumed session rewinds both to the first message and its file shows the rewound state", async () => {
    const { options, read, untouched } = await threeTurns();
    const start = h.session.rewinds().points()[0]?.at ?? -1;
    await h.session.close();
    const path = join(h.home, "sessions", "rewind-file.jsonl");
    const saved = readSessionFile(path);
    expect(saved.unreadableLines).toEqual([]);
    expect(saved.checkpoints.map((line) => line.moment)).toEqual([
      "turn_start",
      "turn_end",
      "turn_start",
      "turn_end",
      "turn_start",
      "turn_end",
    ]);
    const store = SessionFile.reopen(path);
    resumed = createSession({
      ...options,
      historyStore: store,
      restoredHistory: saved.history,
      restoredCheckpoints: saved.checkpoints,
    });
    expect(resumed.rewinds().points()).toHaveLength(3);
    const result = await resumed.rewinds().rewind(1, "both");
    expect(result.message).toBe(update("a.txt", "zero", "one"));
    expect(result.code?.keptExternal).toEqual(["b.txt"]);
    expect(read("a.txt")).toBe("zero\n");
    expect(existsSync(join(h.cwd, "c.txt"))).toBe(false);
    expect(resumed.history()).toHaveLength(start);
    untouched();
    await resumed.close();
    resumed = undefined;
    const after = readSessionFile(path);
    expect(after.history).toHaveLength(start);
    expect(after.checkpoints.at(-1)).toMatchObject({ moment: "rewind", at: start, mode: "both" });
    // append-only: the turns before the rewind are still in the file
    expect(readFileSync(path, "utf8")).toContain("write c.txt: three");
  });

  it("names the messages there are when asked for one that is not", async () => {
    await threeTurns();
    await expect(h.session.rewinds().rewind(7, "both")).rejects.toThrow(
      "no user message 7 to rewind to (messages: 1 to 3)",
    );
  });
});

describe("which sessions take checkpoints", () => {
  it("a read-only session nobody can be asked about takes none; any other does", () => {
    expect(turnsMayChangeFiles({ sandbox: "read-only", approvalPolicy: "never" })).toBe(false);
    expect(turnsMayChangeFiles({ sandbox: "read-only", approvalPolicy: "on-request" })).toBe(true);
    expect(turnsMayChangeFiles({ sandbox: "workspace-write", approvalPolicy: "never" })).toBe(true);
    expect(turnsMayChangeFiles({ sandbox: "danger-full-access", approvalPolicy: "never" })).toBe(
      true,
    );
  });
});
