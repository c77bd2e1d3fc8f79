import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSavedSettings } from "../../src/launch/resume/saved-settings.js";
import { messageText, userMessage } from "../../src/protocol/items.js";
import { buildInitialContext, cwdUpdate } from "../../src/session/context/environment.js";
import { SessionFile } from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { listSessions } from "../../src/session/store/session-list.js";

// Issue 46 item 3: a session file records the worktree a session works in (its header, then a
// line when `resume --worktree` moves it), a resume goes back to the last one, and the model is
// told the new directory once.

describe("a session's worktree in its file", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("the header's worktree, then the last move, is where a resume goes back to", () => {
    const home = mkdtempSync(join(tmpdir(), "mini-codex-worktree-lines-"));
    dirs.push(home);
    const first = { root: "/w/app.s1", repo: "/w/app", branch: "codex/s1" };
    const file = SessionFile.create(home, {
      id: "s1",
      created: "2026-01-01T00:00:00Z",
      cwd: "/w/app.s1/src",
      worktree: first,
      model: "m",
      provider: "demo",
    });
    file.append([userMessage("hello")]);
    expect(readSavedSettings(file.path)).toMatchObject({ cwd: "/w/app.s1/src", worktree: first });

    const moved = { root: "/w/app.s1-2", repo: "/w/app", branch: "codex/s1-2" };
    file.recordWorktree("/w/app.s1-2/src", moved);
    file.append([userMessage("more")]);
    file.close();
    expect(readSavedSettings(file.path)).toMatchObject({ cwd: "/w/app.s1-2/src", worktree: moved });
    expect(readSessionFile(file.path).moved?.cwd).toBe("/w/app.s1-2/src");
    expect(readSessionFile(file.path).history).toHaveLength(2);
    expect(listSessions(home)[0]?.cwd).toBe("/w/app.s1-2/src");
  });

  it("the model is told a new directory once, after what it was told last", () => {
    const context = buildInitialContext({
      cwd: "/w/app.s1",
      shell: "bash",
      sandbox: "workspace-write",
      approvalPolicy: "on-request",
      now: new Date("2026-01-02T03:04:05Z"),
      timezone: "UTC",
    });
    const history = [...context, userMessage("hi")];
    expect(cwdUpdate(history, "/w/app.s1")).toEqual([]);
    const told = cwdUpdate(history, "/w/app.s1-2");
    expect(told.map(messageText)).toEqual([
      "<environment_context>\n  <cwd>/w/app.s1-2</cwd>\n</environment_context>",
    ]);
    expect(cwdUpdate([...history, ...told], "/w/app.s1-2")).toEqual([]);
    expect(cwdUpdate([userMessage("no context")], "/w/app.s1-2")).toEqual([]);
  });
});
