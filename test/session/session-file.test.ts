import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userMessage } from "../../src/protocol/items.js";
import type { LedgerRow } from "../../src/session/ledger/ledger-row.js";
import { LedgerWriter, ledgerPath } from "../../src/session/store/ledger-file.js";
import { SessionFile, sessionFilePath } from "../../src/session/store/session-file.js";
import {
  readSessionFile,
  readSessionSettings,
  SessionFileError,
} from "../../src/session/store/session-file-read.js";
import { isValidSessionId, newSessionId } from "../../src/session/store/session-id.js";
import { findLatestSession, findSessionById } from "../../src/session/store/session-lookup.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "mini-codex-sessions-"));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const meta = (id: string) => ({
  id,
  created: "2026-01-01T00:00:00.000Z",
  cwd: "/work",
  model: "gpt-5-codex",
  effort: "low",
  provider: "openai",
});

describe("session files", () => {
  it("only their owner can read them: the sessions folder 0700, the session file and its ledger 0600", () => {
    const id = newSessionId();
    const file = SessionFile.create(join(home, "fresh"), meta(id));
    file.append([userMessage("a screenshot and a prompt")]);
    // the row's figures do not matter here, only the file it creates
    new LedgerWriter(join(home, "fresh"), id).append({ seq: 1, turn: 1 } as unknown as LedgerRow);
    expect(statSync(join(home, "fresh", "sessions")).mode & 0o777).toBe(0o700);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(statSync(ledgerPath(join(home, "fresh"), id)).mode & 0o777).toBe(0o600);
    file.close();
  });

  it("writes the meta line then one line per item, and reads them back", () => {
    const id = newSessionId();
    const file = SessionFile.create(home, meta(id));
    file.append([userMessage("hello")]);
    file.append([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "hi" }] },
    ]);
    const saved = readSessionFile(file.path);
    expect(saved.meta.id).toBe(id);
    expect(saved.meta.model).toBe("gpt-5-codex");
    expect(saved.history.map((item) => item.type)).toEqual(["message", "message"]);
    expect(saved.tornTail).toBe(false);
    expect(readFileSync(file.path, "utf8")).not.toContain("apiKey");
  });

  it("a settings line changes what a resume comes back on; the history does not see it", () => {
    const file = SessionFile.create(home, { ...meta(newSessionId()), effort: "low" });
    file.append([userMessage("hello")]);
    expect(readSessionFile(file.path).settings).toEqual({ model: "gpt-5-codex", effort: "low" });
    file.recordSettings({ model: "gpt-5", effort: "high" });
    file.append([userMessage("again")]);
    file.recordSettings({ model: "gpt-4.1" });
    const saved = readSessionFile(file.path);
    expect(saved.settings).toEqual({ model: "gpt-4.1" });
    expect(saved.history).toHaveLength(2);
    expect(saved.unreadableLines).toEqual([]);
    // the header-and-settings reader a resume starts with agrees
    expect(readSessionSettings(file.path).settings).toEqual({ model: "gpt-4.1" });
    file.close();
  });

  it("replace() resets the history that a reader sees", () => {
    const file = SessionFile.create(home, meta(newSessionId()));
    file.append([userMessage("one"), userMessage("two")]);
    file.replace([userMessage("summary")]);
    file.append([userMessage("three")]);
    expect(readSessionFile(file.path).history).toEqual([
      userMessage("summary"),
      userMessage("three"),
    ]);
  });

  it("skips a torn last line from a crash, and a reopened file keeps appending whole lines", () => {
    const file = SessionFile.create(home, meta(newSessionId()));
    file.append([userMessage("kept")]);
    appendFileSync(file.path, '{"type":"item","item":{"type":"mess');
    const saved = readSessionFile(file.path);
    expect(saved.history).toEqual([userMessage("kept")]);
    expect(saved.tornTail).toBe(true);
    file.close(); // the crashed writer is gone; a second holder in one process is refused
    SessionFile.reopen(file.path).append([userMessage("after")]);
    expect(readSessionFile(file.path).history).toEqual([userMessage("kept"), userMessage("after")]);
  });

  it("a file removed between reading and reopening it is not resumed into a headerless file", () => {
    const file = SessionFile.create(home, meta(newSessionId()));
    file.close();
    rmSync(file.path);
    expect(() => SessionFile.reopen(file.path, "the session")).toThrow(
      `cannot resume the session: ${file.path} is no longer a session file`,
    );
    expect(existsSync(file.path)).toBe(false);
    // the lock was given back: the file can be created and reopened again
    writeFileSync(file.path, readFileSync(SessionFile.create(home, meta(newSessionId())).path));
    expect(() => SessionFile.reopen(file.path).close()).not.toThrow();
  });

  it("finds a session by id and the latest one, with clear errors", () => {
    expect(() => findLatestSession(home)).toThrow(SessionFileError);
    const older = SessionFile.create(home, meta(newSessionId()));
    const newer = SessionFile.create(home, meta(newSessionId()));
    utimesSync(older.path, new Date(1000), new Date(1000));
    appendFileSync(join(home, "sessions", "x.ledger.jsonl"), "{}\n");
    expect(findLatestSession(home)).toBe(newer.path);
    const id = readSessionFile(older.path).meta.id;
    expect(findSessionById(home, id)).toBe(sessionFilePath(home, id));
    expect(() => findSessionById(home, "../../etc/passwd")).toThrow(/not a session id/);
    expect(() => findSessionById(home, "missing")).toThrow(/no saved session missing/);
  });

  it("makes time-ordered UUID v7 ids", () => {
    const a = newSessionId(1_700_000_000_000);
    const b = newSessionId(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
    expect(isValidSessionId(a)).toBe(true);
  });
});
