import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLedger } from "../../src/session/store/ledger-file.js";
import { processesRunning, uniqueSleep } from "../tools/helpers.js";
import { demoSuite, jsonLines, runCli, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();

type Item = { type: string; call_id?: string; output?: unknown };

const sessionsDir = () => join(suite.world.home, "sessions");
const sessionFile = (id: string) => join(sessionsDir(), `${id}.jsonl`);
const threadId = (stdout: string) =>
  (jsonLines(stdout)[0] as unknown as { thread_id: string }).thread_id;

function onlySessionId(): string {
  const [file] = readdirSync(sessionsDir()).filter((n) => /^[^.]+\.jsonl$/.test(n));
  return (file as string).replace(/\.jsonl$/, "");
}

/** A saved session, and a resume of it holding its lock while a command waits for `go`. */
async function heldSession() {
  const first = await runCli(["exec", "--json", ...suite.against(), "hello"], {
    env: suite.world.env(),
  });
  const id = threadId(first.stdout);
  const go = join(suite.world.repo, "go");
  const holder = spawnCli(
    ["exec", ...suite.against(), "resume", id, `run: while [ ! -e ${go} ]; do sleep 0.05; done`],
    { env: suite.world.env() },
  );
  const lock = `${sessionFile(id)}.lock`;
  await waitFor(() => existsSync(lock) && holder.output().stderr.includes("$ while"));
  return { id, go, holder, lock };
}

/** Every call in `input` has exactly one output after it, and every output has its call. */
function expectPaired(input: Item[]) {
  const calls = input.filter((i) => i.type === "function_call" || i.type === "custom_tool_call");
  const outputs = input.filter((i) => i.type.endsWith("_call_output"));
  expect(calls.length).toBeGreaterThan(0);
  expect(outputs.map((o) => o.call_id).sort()).toEqual(calls.map((c) => c.call_id).sort());
  for (const output of outputs) {
    const at = input.indexOf(output);
    expect(input.findIndex((i) => i.call_id === output.call_id)).toBeLessThan(at);
  }
}

describe("exec survives being killed, resumed twice at once and torn files", () => {
  it("SIGKILL during a sleep call: the command dies too, and resume sends every call with an output", async () => {
    const sleep = uniqueSleep();
    const run = spawnCli(["exec", "--json", ...suite.against(), `run: ${sleep}`], {
      env: suite.world.env(),
    });
    await waitFor(() => processesRunning(sleep).length > 0);
    const id = threadId(run.output().stdout);
    run.child.kill("SIGKILL");
    expect((await run.done).signal).toBe("SIGKILL");
    // no process the killed run started is left behind
    await waitFor(() => processesRunning(sleep).length === 0);
    // the session file ends with the call, its output never written
    const before = readFileSync(sessionFile(id), "utf8").trim().split("\n").at(-1) ?? "";
    expect(JSON.parse(before).item.type).toBe("function_call");

    const requestsBefore = suite.server.requests.length;
    const resumed = await runCli(["exec", ...suite.against(), "resume", id, "and now?"], {
      env: suite.world.env(),
    });
    expect(resumed.stderr).toContain("1 tool call had no output");
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain("You said: and now?");
    const [resumedRequest] = suite.server.requests.slice(requestsBefore);
    if (!resumedRequest) throw new Error("the resumed run sent no request");
    // the demo server, strict about unanswered calls as the real API is, accepted it
    expect(resumedRequest.responseId).toBeDefined();
    const input = (resumedRequest.body as { input: Item[] }).input;
    expectPaired(input);
    expect(input.find((i) => i.type === "function_call_output")?.output).toBe("aborted");
    // the repair is in the session file, so the next resume finds a consistent history as is
    const saved = readFileSync(sessionFile(id), "utf8");
    expect(saved).toContain('"type":"function_call_output"');
  });

  it("a second concurrent resume fails at once naming the lock; after the first exits, resume works", async () => {
    const { id, go, holder: waiting, lock } = await heldSession();
    const second = await runCli(["exec", ...suite.against(), "resume", id, "me too"], {
      env: suite.world.env(),
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`pid ${waiting.child.pid}`);
    expect(second.stderr).toContain(lock);
    writeFileSync(go, "");
    expect((await waiting.done).code).toBe(0);
    expect(existsSync(lock)).toBe(false);
    const third = await runCli(["exec", ...suite.against(), "resume", id, "my turn"], {
      env: suite.world.env(),
    });
    expect(third.code).toBe(0);
    expect(third.stdout).toContain("You said: my turn");
  });

  it("after a kill -9, the dead run's pid given to another process: resume takes the lock over", async () => {
    // issue 43 defect 5: this was "open in another mini-codex process" until the lock was deleted
    const { id, holder: killed, lock } = await heldSession();
    const owner = JSON.parse(readFileSync(lock, "utf8")) as { pid: number; started?: string };
    expect(owner.pid).toBe(killed.child.pid);
    expect(owner.started).toBeDefined();
    killed.child.kill("SIGKILL");
    await killed.done;
    // the kernel gives the pid to an unrelated process: the lock now names a live pid
    const reuser = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      writeFileSync(lock, JSON.stringify({ ...owner, pid: reuser.pid }));
      const resumed = await runCli(["exec", ...suite.against(), "resume", id, "after the crash"], {
        env: suite.world.env(),
      });
      expect(resumed.stderr).not.toContain("open in another mini-codex process");
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toContain("You said: after the crash");
      expect(existsSync(lock)).toBe(false);
    } finally {
      reuser.kill();
    }
  });

  it("a ledger torn mid-line: the next run starts on a fresh line and no seq repeats", async () => {
    const first = await runCli(["exec", "--json", ...suite.against(), "run: true"], {
      env: suite.world.env(),
    });
    expect(first.code).toBe(0);
    const id = threadId(first.stdout);
    const ledger = join(sessionsDir(), `${id}.ledger.jsonl`);
    const text = readFileSync(ledger, "utf8");
    const rowsBefore = readLedger(ledger).rows;
    expect(rowsBefore.length).toBe(2);
    // a crash while the last row was being written
    truncateSync(ledger, text.length - 20);
    const requestsBefore = suite.server.requests.length;
    const resumed = await runCli(["exec", ...suite.against(), "resume", id, "run: true"], {
      env: suite.world.env(),
    });
    expect(resumed.code).toBe(0);
    const sentNow = suite.server.requests.length - requestsBefore;
    const after = readLedger(ledger);
    // the torn row stays one unreadable line; nothing was glued onto it
    expect(after.skipped).toBe(1);
    expect(after.rows.length).toBe(rowsBefore.length - 1 + sentNow);
    expect(new Set(after.rows.map((r) => r.seq)).size).toBe(after.rows.length);
    // the new rows number on after every row of the first run, the torn one included
    expect(Math.min(...after.rows.slice(1).map((r) => r.seq))).toBeGreaterThan(
      Math.max(...rowsBefore.map((r) => r.seq)),
    );
  });

  it("says how many session lines were unreadable and where, and refuses an inconsistent history", async () => {
    const first = await runCli(["exec", "--json", ...suite.against(), "hello"], {
      env: suite.world.env(),
    });
    const id = threadId(first.stdout);
    const path = sessionFile(id);
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    writeFileSync(path, `${[...lines, "{not json", '{"type":"mystery"}'].join("\n")}\n`);
    const resumed = await runCli(["exec", ...suite.against(), "resume", id, "again"], {
      env: suite.world.env(),
    });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      `warning: ${path}: 2 lines could not be read and were skipped (line ${lines.length + 1}, ${lines.length + 2})`,
    );

    const orphan = {
      type: "item",
      item: { type: "function_call_output", call_id: "call_gone", output: "x" },
    };
    writeFileSync(path, `${readFileSync(path, "utf8")}${JSON.stringify(orphan)}\n`);
    const refused = await runCli(["exec", ...suite.against(), "resume", id, "once more"], {
      env: suite.world.env(),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `cannot resume ${path}: a tool output (call_id "call_gone") has no call before it`,
    );
    expect(onlySessionId()).toBe(id);
  });
});
