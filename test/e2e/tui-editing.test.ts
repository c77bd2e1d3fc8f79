import { readFileSync } from "node:fs";
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
