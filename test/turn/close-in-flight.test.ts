import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionFile } from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { type Harness, startHarness, waitFor } from "../session/harness.js";

let h: Harness;
let sessions: string;
beforeEach(() => {
  sessions = mkdtempSync(join(tmpdir(), "mini-codex-close-"));
});
afterEach(async () => {
  await h?.close();
  rmSync(sessions, { recursive: true, force: true });
});

describe("closing a session while a shell command runs", () => {
  it("waits for the aborted call's output before releasing the file, and nothing is written after", async () => {
    const id = `close-${Math.random().toString(36).slice(2, 10)}`;
    const store = SessionFile.create(sessions, {
      id,
      created: new Date().toISOString(),
      cwd: sessions,
      model: "demo-1",
      provider: "demo",
    });
    h = await startHarness({ id, historyStore: store });
    const pending = h.session.send("run: sleep 30");
    await waitFor(() =>
      h.events.some((e) => e.type === "tool" && e.event.type === "command_started"),
    );
    await h.session.close();
    // the next holder opens the session the moment the first one has let go
    const next = SessionFile.reopen(store.path, `session ${id}`);
    const seen = readFileSync(store.path, "utf8");
    const history = readSessionFile(store.path).history;
    const call = history.find((item) => item.type === "function_call");
    expect(call).toBeDefined();
    expect(history.at(-1)).toMatchObject({ type: "function_call_output", call_id: call?.call_id });
    expect(await pending).toMatchObject({ ok: false, aborted: true });
    expect(readFileSync(store.path, "utf8")).toBe(seen);
    next.close();
  });
});
