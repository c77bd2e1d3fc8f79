import { afterEach, describe, expect, it } from "vitest";
import { plain, waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";
import { ScriptedSession } from "./scripted-session.js";

afterEach(unmountAll);

const CLEAR_TERMINAL = "\u001b[2J\u001b[3J\u001b[H";

function resize(app: ReturnType<typeof launch>, columns: number) {
  Object.defineProperty(app.ui.stdout, "columns", { get: () => columns, configurable: true });
  app.ui.stdout.emit("resize");
}

describe("App: the screen", () => {
  it("a width change clears the screen and prints the transcript again at the new width", async () => {
    const answer = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda";
    const app = launch((_text, s) => s.answer(answer));
    await ready(app.frame);
    await app.submit("hi");
    await waitFor(() => app.frame().includes(answer), "the answer on one line");
    resize(app, 30);
    // Printed again at 30 columns: the answer wraps (28 columns after its indent).
    await waitFor(() => /alpha beta gamma delta\s*\n\s+epsilon/.test(app.frame()), "re-flow");
    const frames = app.ui.stdout.frames.map(String);
    const cleared = frames.findIndex((frame) => frame.includes(CLEAR_TERMINAL));
    expect(cleared).toBeGreaterThan(-1);
    // What follows the clear holds the whole transcript: the banner and the question too.
    const after = plain(frames.slice(cleared).join(""));
    expect(after).toContain("session sess_test");
    expect(after).toContain("› hi");
  });

  it("no transcript line is wider than a narrow terminal, even with a long session id", async () => {
    const id = "01a22c43-0e56-7e50-9a16-20aa3827b413";
    const app = launch((text, s) => s.answer(`You said: ${text}`), {
      createSession: async (hooks) => {
        const session = new ScriptedSession(hooks, (text, s) => s.answer(`You said: ${text}`));
        Object.defineProperty(session, "id", { value: id });
        return session;
      },
    });
    await waitFor(() => app.frame().includes(`session ${id}`), "the banner");
    await app.submit("narrow test message that is quite long indeed");
    await waitFor(() => app.frame().includes("You said: narrow"), "the answer");
    const before = app.ui.stdout.frames.length;
    resize(app, 35);
    await waitFor(
      () => app.ui.stdout.frames.slice(before).some((f: string) => f.includes(CLEAR_TERMINAL)),
      "the clear",
    );
    // What was written after the clear, up to Ink's own copy of the transcript.
    const written = app.ui.stdout.frames
      .map(String)
      .find((f: string) => f.includes(CLEAR_TERMINAL));
    const lines = plain(written?.split(CLEAR_TERMINAL).at(-1)).split("\n");
    const reprint = lines.slice(
      0,
      lines.findIndex((line, i) => i > 1 && line.includes("mini-codex")) - 1,
    );
    expect(reprint.join("\n")).toContain("› narrow test message that is quite\n");
    const tooWide = reprint.filter((line) => line.length > 35);
    expect(tooWide).toEqual([]);
  });

  it("control sequences in a command or its output are shown, never obeyed", async () => {
    const command = "echo hi\r\u001b[2Krm -rf build";
    const app = launch(async (_text, s) => {
      const request = {
        kind: "command" as const,
        callId: "c1",
        command,
        workdir: "/w",
        suggestedPrefix: [],
      };
      if ((await s.hooks.approve?.(request))?.kind === "deny") return;
      s.emit({ type: "tool_call_started", callId: "c1", name: "shell_command", kind: "function" });
      s.emit({
        type: "tool",
        event: { type: "command_started", callId: "c1", command, workdir: "/w" },
      });
      s.emit({
        type: "tool",
        event: {
          type: "command_finished",
          callId: "c1",
          command,
          exitCode: 0,
          timedOut: false,
          aborted: false,
          aggregatedOutput:
            "\u001b[2J\u001b[Hboom \u001b[31mred\u001b[0m\nprogress 1\rprogress 2\rdone\n",
          durationMs: 5,
        },
      });
      s.emit({ type: "tool_call_finished", callId: "c1", name: "shell_command", output: "ok" });
      await s.answer("Ran it.");
    });
    await ready(app.frame);
    await app.submit("run it");
    await waitFor(() => app.frame().includes("Run this command?"), "the approval prompt");
    // The person sees the whole command, the part a carriage return would hide included.
    expect(app.frame()).toContain("$ echo hi^M^[[2Krm -rf build");
    app.ui.stdin.write("y");
    await waitFor(() => app.frame().includes("Ran it."), "the answer");
    // the app's own clear (the transcript printed again when the prompt closed) aside
    const raw = app.ui.stdout.frames
      .map(String)
      .join("")
      .replaceAll("\u001b[2J\u001b[3J\u001b[H", "");
    expect(raw).not.toContain("\u001b[2J");
    expect(raw).not.toContain("\u001b[H");
    expect(raw).not.toContain("\r");
    expect(app.frame()).toContain("boom red");
    expect(app.frame()).toContain("doneress 2");
  });

  it("the patch prompt fits a 24-row terminal (a taller live region makes Ink redraw everything)", async () => {
    const diff = `--- a/big.txt\n+++ b/big.txt\n@@ -0,0 +1,10 @@\n${[..."0123456789"].map((d) => `+${d}`).join("\n")}\n`;
    const app = launch(async (_text, s) => {
      await s.hooks.approve?.({
        kind: "patch",
        callId: "p",
        changes: [{ path: "big.txt", kind: "add", diff }],
      });
    });
    Object.defineProperty(app.ui.stdout, "rows", { get: () => 24, configurable: true });
    await ready(app.frame);
    await app.submit("write big");
    await waitFor(() => app.frame().includes("Apply this patch?"), "the prompt");
    const lines = app.frame().split("\n");
    const top = lines.findIndex((line) => line.includes("Apply this patch?")) - 1;
    // The prompt, the composer and the status bar leave room for a few live lines.
    expect(lines.length - top).toBeLessThanOrEqual(20);
    expect(app.frame()).toMatch(/lines 1–\d+ of 13 · PgDn more/);
  });

  it("the patch prompt scrolls to the last line of a 60-line diff, numbered, new file from /dev/null", async () => {
    const body = Array.from({ length: 60 }, (_, i) => `+line ${i + 1}`).join("\n");
    const diff = `--- a/big.txt\n+++ b/big.txt\n@@ -0,0 +1,60 @@\n${body}\n`;
    const app = launch(async (_text, s) => {
      await s.hooks.approve?.({
        kind: "patch",
        callId: "p",
        changes: [{ path: "big.txt", kind: "add", diff }],
      });
    });
    Object.defineProperty(app.ui.stdout, "rows", { get: () => 30, configurable: true });
    await ready(app.frame);
    await app.submit("write big");
    await waitFor(() => app.frame().includes("Apply this patch?"), "the prompt");
    expect(app.frame()).toContain("Apply this patch? 1 file · +60 −0");
    expect(app.frame()).toContain("--- /dev/null");
    expect(app.frame()).toMatch(/ 1 \+line 1 /);
    expect(app.frame()).not.toContain("line 60");
    const PAGE_DOWN = "\u001b[6~";
    for (let i = 0; i < 20 && !app.frame().includes("· end"); i++) {
      const before = app.frame();
      app.ui.stdin.write(PAGE_DOWN);
      await waitFor(() => app.frame() !== before, "the diff to scroll");
    }
    expect(app.frame()).toMatch(/60 \+line 60 /);
    expect(app.frame()).toMatch(/lines \d+–63 of 63 · end/);
  });

  it("live output and patch previews stay a few rows however long the lines or many the files", async () => {
    let release: () => void = () => {};
    const app = launch(async (_text, s) => {
      s.emit({ type: "tool_call_started", callId: "c", name: "shell_command", kind: "function" });
      s.emit({
        type: "tool",
        event: { type: "command_started", callId: "c", command: "build", workdir: "/" },
      });
      s.emit({
        type: "tool",
        event: {
          type: "command_output",
          callId: "c",
          stream: "stdout",
          chunk: `${"x".repeat(1500)}\nend of output\n`,
        },
      });
      const files = Array.from({ length: 20 }, (_, i) => ({
        path: `f${i}.ts`,
        kind: "update" as const,
        linesAdded: 1,
        linesRemoved: 0,
      }));
      s.emit({
        type: "tool",
        event: {
          type: "patch_preview",
          callId: "p",
          preview: { files, currentHunk: "", done: false },
        },
      });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await ready(app.frame);
    await app.submit("go");
    await waitFor(() => app.frame().includes("… 14 more files"), "the preview");
    const lines = app.frame().split("\n");
    const from = lines.findIndex((line) => line.startsWith("⏵ $ build"));
    const to = lines.findIndex((line, i) => i > from && line.startsWith("╭"));
    // Command, two output rows, patch title, six files, "more files".
    expect(to - from).toBeLessThanOrEqual(11);
    release();
  });
});
