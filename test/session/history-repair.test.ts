import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asToolCall, type ResponseItem } from "../../src/protocol/items.js";
import { parseSessionFile } from "../../src/session/store/session-file-read.js";
import { lockSession, SessionLockedError } from "../../src/session/store/session-lock.js";
import { InconsistentHistoryError, repairHistory } from "../../src/session/wire/history-repair.js";

const user = (text: string) => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const call = (id: string) => ({
  type: "function_call",
  name: "shell_command",
  call_id: id,
  arguments: "{}",
});
const custom = (id: string) => ({
  type: "custom_tool_call",
  name: "apply_patch",
  call_id: id,
  input: "x",
});
const output = (id: string) => ({ type: "function_call_output", call_id: id, output: "ok" });

describe("repairHistory", () => {
  it("gives a call the crash left unanswered its aborted output, at the end of the history", () => {
    const repaired = repairHistory([user("go"), call("a"), output("a"), call("b"), custom("c")]);
    expect(repaired.added).toEqual([
      { type: "function_call_output", call_id: "b", output: "aborted" },
      { type: "custom_tool_call_output", call_id: "c", output: "aborted" },
    ]);
    expect(repaired.atEnd).toBe(true);
    expect(repaired.history.slice(-2)).toEqual(repaired.added);
  });

  it("places an output lost in the middle after its run of calls (the file is rewritten)", () => {
    const repaired = repairHistory([call("a"), call("b"), output("b"), user("next")]);
    expect(repaired.atEnd).toBe(false);
    expect(repaired.history.map((i) => `${i.type}:${i.call_id ?? ""}`)).toEqual([
      "function_call:a",
      "function_call:b",
      "function_call_output:b",
      "function_call_output:a",
      "message:",
    ]);
  });

  it("leaves a consistent history alone and refuses an output whose call is missing", () => {
    const whole = [user("go"), call("a"), output("a")];
    expect(repairHistory(whole)).toEqual({ history: whole, added: [], atEnd: true });
    expect(() => repairHistory([user("go"), output("zz")])).toThrow(InconsistentHistoryError);
    // found by the fuzz suite: a duplicated call line, and a call that lost its call_id
    expect(() => repairHistory([call("a"), output("a"), call("a")])).toThrow(
      'two tool calls share the call_id "a"',
    );
    expect(() => repairHistory([{ type: "function_call", name: "x", arguments: "{}" }])).toThrow(
      "a function_call item is malformed",
    );
    // each field the protocol's tool-call schema requires is checked, as asToolCall checks it
    const good = { type: "custom_tool_call", name: "apply_patch", input: "p", call_id: "c" };
    for (const bad of [{ input: 3 }, { name: undefined }, { id: 7 }, { type: "function_call" }]) {
      const item = { ...good, ...bad } as ResponseItem;
      expect(asToolCall(item)).toBeUndefined();
      expect(() => repairHistory([item])).toThrow("is malformed");
    }
    const answered = { type: "custom_tool_call_output", call_id: "c", output: "ok" };
    expect(repairHistory([good, answered]).added).toEqual([]);
  });
});

describe("parseSessionFile", () => {
  it("numbers the lines it could not read", () => {
    const meta = {
      type: "session_meta",
      id: "s",
      created: "c",
      cwd: "/",
      model: "m",
      provider: "p",
    };
    const text = [
      JSON.stringify(meta),
      "{broken",
      JSON.stringify({ type: "item", item: user("hi") }),
      "[]",
      '{"torn',
    ].join("\n");
    const saved = parseSessionFile(text);
    expect(saved.unreadableLines).toEqual([2, 4, 5]);
    expect(saved.history).toHaveLength(1);
  });
});

describe("lockSession", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "mini-codex-lock-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("fails at once while a live process owns the lock, naming its pid and the file", () => {
    const path = join(dir, "s.jsonl.lock");
    writeFileSync(path, JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockSession(path, "session s")).toThrow(SessionLockedError);
    expect(() => lockSession(path, "session s")).toThrow(
      `(pid ${process.ppid}); lock file ${path}`,
    );
  });

  it("takes over a lock whose owner died, and removes it on release", () => {
    const path = join(dir, "s.jsonl.lock");
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(path, JSON.stringify({ pid: Number(dead.stdout), host: hostname() }));
    const release = lockSession(path, "session s");
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    release();
    expect(() => readFileSync(path)).toThrow();
  });
});
