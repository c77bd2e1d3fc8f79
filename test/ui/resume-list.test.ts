import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import type { SessionSummary } from "../../src/session/store/session-list.js";
import { filteredSessions, relativeTime, resumeListKey } from "../../src/ui/resume-list.js";

const NO_KEY = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  meta: false,
  backspace: false,
  delete: false,
  tab: false,
};

const session = (id: string, firstMessage: string, model = "gpt-5"): SessionSummary => ({
  id,
  path: `/s/${id}.jsonl`,
  cwd: "/work/app",
  model,
  updatedMs: 0,
  firstMessage,
  turns: 1,
});

describe("the resume list", () => {
  it("says how long ago, in words", () => {
    const now = Date.UTC(2026, 11, 2, 12);
    const ago = (seconds: number) => relativeTime(now - seconds * 1000, now);
    expect(ago(5)).toBe("just now");
    expect(ago(180)).toBe("3 min ago");
    expect(ago(2 * 3600)).toBe("2 h ago");
    expect(ago(30 * 3600)).toBe("yesterday");
    expect(ago(5 * 86400)).toBe("5 days ago");
    expect(ago(60 * 86400)).toBe("2026-10-03");
  });

  it("keeps the sessions with every word typed in their title, model, directory or id", () => {
    const sessions = [session("a1", "Fix the Parser"), session("b2", "write docs", "gpt-4.1")];
    const list = (query: string) =>
      filteredSessions({ sessions, index: 0, query }).map((s) => s.id);
    expect(list("")).toEqual(["a1", "b2"]);
    expect(list("parser fix")).toEqual(["a1"]);
    expect(list("4.1")).toEqual(["b2"]);
    expect(list("app")).toEqual(["a1", "b2"]);
    expect(list("walrus")).toEqual([]);
  });

  it("typing edits the filter, keys that arrived together included", () => {
    const list = { sessions: [session("a1", "x")], index: 0, query: "walrus" };
    const key = (over: Partial<Key> = {}) => ({ ...NO_KEY, ...over }) as Key;
    expect(resumeListKey(list, "\u007f\u007f\u007f", key())).toEqual({ query: "wal" });
    expect(resumeListKey(list, "", key({ backspace: true }))).toEqual({ query: "walru" });
    expect(resumeListKey(list, "es", key())).toEqual({ query: "walruses" });
    expect(resumeListKey(list, "", key({ escape: true }))).toEqual({ query: "" });
    expect(resumeListKey({ ...list, query: "" }, "", key({ escape: true }))).toEqual({
      cancel: true,
    });
  });
});
