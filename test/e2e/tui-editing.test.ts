import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { messageText, type ResponseItem } from "../../src/protocol/items.js";
import { hasTmux, type Pane, quitTui } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 37, item 5, in a real terminal: readline keys in the composer, /copy and /export.
const READY = "Esc interrupts · Ctrl+C twice quits";

describe.skipIf(!hasTmux)("TUI in tmux: readline keys, /copy, /export", () => {
  const tui = useTuiWorld();
  const started = (p: Pane) => p.until(() => p.screen().includes(READY), "the banner");
  /** Every user message the server received, as text. */
  const userTexts = () =>
    tui.server.requests
      .flatMap((r) => ((r.body as { input?: ResponseItem[] }).input ?? []) as ResponseItem[])
      .filter((item) => item.type === "message" && item.role === "user")
      .map((item) => messageText(item) ?? "");
  const answered = (p: Pane, text: string) =>
    p.until(() => p.screen().includes(`You said: ${text}`) && p.idle(), `the answer to ${text}`);

  it("Ctrl+U deletes what was typed: the model gets only the new text", async () => {
    const p = tui.open();
    await started(p);
    p.literal("first words");
    await p.until(() => p.screen().includes("› first words"), "the typed text");
    p.keys("C-u");
    await p.until(() => !p.screen().includes("first words"), "the line deleted");
    p.literal("only this");
    p.keys("Enter");
    await answered(p, "only this");
    // with Alt held (Option as Meta), or Esc just before it, the terminal sends ESC ^U in one
    // read: that used to insert a literal ^U the model got
    p.literal("second try");
    await p.until(() => p.screen().includes("› second try"), "the typed text");
    p.bytes("1b", "15");
    await p.until(() => !p.screen().includes("second try"), "the line deleted");
    p.literal("and this");
    p.keys("Enter");
    await answered(p, "and this");
    expect(userTexts()).toEqual(expect.arrayContaining(["only this", "and this"]));
    const sent = userTexts().join("\n");
    for (const gone of ["first words", "second try", "\u0015", "^U"])
      expect(sent).not.toContain(gone);
    await quitTui(p);
  }, 90_000);

  it("Alt+B, Ctrl+K, Ctrl+W and Ctrl+Y edit the line; what was cut comes back", async () => {
    const p = tui.open();
    await started(p);
    p.literal("say hello world");
    p.keys("M-b", "C-k");
    await p.until(() => /› say hello\s*│/.test(p.screen()), "the end of the line cut");
    p.literal("there");
    p.keys("Enter");
    await answered(p, "say hello there");
    p.keys("C-y");
    await p.until(() => p.screen().includes("› world"), "the yank");
    p.literal(" peace keep");
    p.keys("C-w", "Enter");
    await answered(p, "world peace");
    expect(userTexts()).toEqual(expect.arrayContaining(["say hello there", "world peace "]));
    await quitTui(p);
  }, 90_000);

  it("/export writes the conversation, the command and its output, as Markdown", async () => {
    const p = tui.open();
    await started(p);
    p.type("run: echo exported-output");
    await p.until(() => p.screen().includes("Ran the command.") && p.idle(), "the turn");
    p.type("/export");
    const written = /Wrote the conversation to\s+(\S+\.md)/;
    await p.until(() => written.test(p.joinedScreen()), "the path");
    const path = written.exec(p.joinedScreen())?.[1] ?? "";
    const md = readFileSync(path, "utf8");
    expect(md).toMatch(/^# mini-codex session [0-9a-f-]{36}\n/);
    expect(md).toContain("## You\n\nrun: echo exported-output");
    expect(md).toContain("**Ran** `echo exported-output`");
    expect(md).toMatch(/```text\n[\s\S]*exported-output\n[\s\S]*```/);
    expect(md).not.toContain("<permissions>");
    p.type("after the export");
    await answered(p, "after the export");
    await quitTui(p);
  }, 90_000);

  it("/export PATH asks before replacing a file that is there: no keeps it, yes replaces it", async () => {
    const notes = join(tui.world.root, "notes.md");
    writeFileSync(notes, "my own notes\n");
    const p = tui.open([], 140, 30);
    await started(p);
    p.type("say something to export");
    await answered(p, "say something to export");
    const asked = () =>
      p.joinedScreen().includes(`${notes} already exists. Replace it?`) &&
      p.screen().includes("Yes, replace it with this conversation");
    p.type(`/export ${notes}`);
    await p.until(asked, "the question");
    // the safe answer is highlighted: an Enter keeps the file
    expect(p.screen()).toContain("› 1. No, keep it (nothing is written)");
    p.keys("Enter");
    await p.until(() => p.joinedScreen().includes(`Kept ${notes}: nothing written.`), "kept");
    expect(readFileSync(notes, "utf8")).toBe("my own notes\n");
    // Esc is no answer: kept too
    p.type(`/export ${notes}`);
    await p.until(asked, "the question, again");
    p.keys("Escape");
    await p.until(
      () => p.joinedScreen().split(`Kept ${notes}: nothing written.`).length === 3,
      "kept again",
    );
    expect(readFileSync(notes, "utf8")).toBe("my own notes\n");
    p.type(`/export ${notes}`);
    await p.until(asked, "the question, a third time");
    p.literal("2");
    await p.until(() => p.joinedScreen().includes(`Wrote the conversation to ${notes}`), "written");
    const md = readFileSync(notes, "utf8");
    expect(md).toMatch(/^# mini-codex session [0-9a-f-]{36}\n/);
    expect(md).toContain("## You\n\nsay something to export");
    expect(md).not.toContain("my own notes");
    p.type("after the question");
    await answered(p, "after the question");
    await quitTui(p);
  }, 90_000);

  it("/copy puts the last answer on the clipboard through OSC 52 (tmux's buffer)", async () => {
    const p = tui.open([], 100, 30, { clipboard: true });
    await started(p);
    p.type("copy me please");
    await answered(p, "copy me please");
    p.type("/copy");
    await p.until(() => p.joinedScreen().includes("(OSC 52)"), "the note");
    await p.until(() => p.clipboard() === "You said: copy me please", "the tmux buffer");
    p.type("/copy file");
    const written = /Wrote the last answer \(\d+ characters\) to\s+(\S+\.md)/;
    await p.until(() => written.test(p.joinedScreen()), "the file's path");
    expect(readFileSync(written.exec(p.joinedScreen())?.[1] ?? "", "utf8")).toBe(
      "You said: copy me please\n",
    );
    p.type("and more");
    await answered(p, "and more");
    await quitTui(p);
  }, 90_000);
});
