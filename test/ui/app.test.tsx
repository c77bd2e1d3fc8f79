import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../src/ui/app.js";
import type { TuiLaunchOptions } from "../../src/ui/contract.js";
import { plain, statusLine, waitFor } from "./ink-helpers.js";
import { type Script, ScriptedSession } from "./scripted-session.js";

let unmounts: Array<() => void> = [];
afterEach(() => {
  for (const unmount of unmounts) unmount();
  unmounts = [];
});

function launch(script: Script, overrides: Partial<TuiLaunchOptions> = {}) {
  const sessions: ScriptedSession[] = [];
  const options: TuiLaunchOptions = {
    createSession: async (hooks) => {
      const session = new ScriptedSession(hooks, script);
      sessions.push(session);
      return session;
    },
    home: "/nonexistent-home",
    cwd: process.cwd(),
    approvalPolicy: "untrusted",
    sandbox: "workspace-write",
    contextWindow: 10_000,
    version: "0.0.0-test",
    ...overrides,
  };
  const ui = render(<App options={options} />);
  unmounts.push(ui.unmount);
  const frame = () => plain(ui.lastFrame());
  const type = async (text: string) => {
    ui.stdin.write(text);
    await waitFor(() => frame().includes(text.split("\n").at(-1) ?? text), `"${text}" echoed`);
  };
  const submit = async (text: string) => {
    await type(text);
    ui.stdin.write("\r");
  };
  return { ui, frame, sessions, type, submit };
}

const ready = (frame: () => string) =>
  waitFor(() => frame().includes("session sess_test"), "the session banner");

describe("App", () => {
  it("streams an answer and shows the request state in the status bar", async () => {
    const app = launch((text, s) => s.answer(`You said: ${text}\nSecond line of the answer.`));
    await ready(app.frame);
    expect(statusLine(app.frame(), "demo-model")).toContain("no request yet");
    await app.submit("hello there");
    await waitFor(() => app.frame().includes("Second line of the answer."), "the answer");
    expect(app.frame()).toContain("› hello there");
    expect(app.frame()).toContain("You said: hello there");
    await waitFor(() => statusLine(app.frame(), "demo-model").includes("cached"), "usage");
    const status = statusLine(app.frame(), "demo-model");
    expect(status).toContain("ws_incremental");
    expect(status).toContain("prev ✓");
    expect(status).toContain("cached 1.5k (77%)");
    expect(status).toContain("demo-model medium");
    expect(status).toContain("ctx 80% left");
    expect(app.sessions[0]?.sent).toEqual(["hello there"]);
  });

  it("asks before running a command that is not read-only, then shows its result", async () => {
    const app = launch(async (_text, s) => {
      const decision = await s.hooks.approve?.({
        kind: "command",
        callId: "call_1",
        command: "touch made-by-agent.txt",
        workdir: "/tmp/work",
      });
      if (decision === "deny") return;
      s.emit({
        type: "tool_call_started",
        callId: "call_1",
        name: "shell_command",
        kind: "function",
      });
      const started = {
        type: "command_started",
        callId: "call_1",
        command: "touch made-by-agent.txt",
        workdir: "/tmp/work",
      } as const;
      s.emit({ type: "tool", event: started });
      s.emit({
        type: "tool",
        event: {
          type: "command_finished",
          callId: "call_1",
          command: "touch made-by-agent.txt",
          exitCode: 0,
          timedOut: false,
          aborted: false,
          aggregatedOutput: "created\n",
          durationMs: 12,
        },
      });
      s.emit({
        type: "tool_call_finished",
        callId: "call_1",
        name: "shell_command",
        output: "Exit code: 0",
      });
      await s.answer("Ran the command. Exit code 0.");
    });
    await ready(app.frame);
    await app.submit("run: touch made-by-agent.txt");
    await waitFor(() => app.frame().includes("Run this command?"), "the approval prompt");
    expect(app.frame()).toContain("$ touch made-by-agent.txt");
    app.ui.stdin.write("y");
    await waitFor(() => app.frame().includes("Ran the command. Exit code 0."), "the answer");
    expect(app.frame()).not.toContain("Run this command?");
    expect(app.frame()).toMatch(/✓ \$ touch made-by-agent\.txt\s+\(exit 0/);
  });

  it("Ctrl+C on the approval prompt denies the command and interrupts the turn", async () => {
    const decisions: string[] = [];
    const app = launch(async (_text, s) => {
      const request = {
        kind: "command",
        callId: "c",
        command: "rm -rf build",
        workdir: "/",
      } as const;
      decisions.push((await s.hooks.approve?.(request)) ?? "none");
    });
    await ready(app.frame);
    await app.submit("run: rm -rf build");
    await waitFor(() => app.frame().includes("Run this command?"), "the approval prompt");
    app.ui.stdin.write("\u0003");
    await waitFor(() => app.frame().includes("Interrupted."), "the interrupt");
    expect(decisions).toEqual(["deny"]);
    expect(app.sessions[0]?.aborted).toBe(1);
    expect(app.frame()).not.toContain("Run this command?");
  });

  it("does not ask for a read-only command under untrusted", async () => {
    const decisions: string[] = [];
    const app = launch(async (_text, s) => {
      const decision = await s.hooks.approve?.({
        kind: "command",
        callId: "c",
        command: "git status",
        workdir: "/",
      });
      decisions.push(decision ?? "none");
      await s.answer("Done looking.");
    });
    await ready(app.frame);
    await app.submit("run: git status");
    await waitFor(() => app.frame().includes("Done looking."), "the answer");
    expect(decisions).toEqual(["approve"]);
    expect(app.frame()).not.toContain("Run this command?");
  });

  it("shows a live patch preview, then the applied diff", async () => {
    let release: () => void = () => {};
    const app = launch(async (_text, s) => {
      s.emit({ type: "tool_call_started", callId: "call_p", name: "apply_patch", kind: "custom" });
      s.emit({
        type: "tool",
        event: {
          type: "patch_preview",
          callId: "call_p",
          preview: {
            files: [{ path: "notes/hello.txt", kind: "add", linesAdded: 3, linesRemoved: 0 }],
            currentHunk: "",
            done: false,
          },
        },
      });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      s.emit({
        type: "tool",
        event: {
          type: "patch_applied",
          callId: "call_p",
          ok: true,
          changes: [
            {
              path: "notes/hello.txt",
              kind: "add",
              diff: "--- /dev/null\n+++ notes/hello.txt\n@@ -0,0 +1,3 @@\n+alpha\n+beta\n+gamma\n",
            },
          ],
        },
      });
      s.emit({
        type: "tool_call_finished",
        callId: "call_p",
        name: "apply_patch",
        output: "Success.",
      });
      await s.answer("Applied the patch.");
    });
    await ready(app.frame);
    await app.submit("write notes/hello.txt: alpha");
    await waitFor(() => app.frame().includes("Patch streaming…"), "the live preview");
    expect(app.frame()).toMatch(/add notes\/hello\.txt \+3 -0/);
    release();
    await waitFor(() => app.frame().includes("Applied the patch."), "the answer");
    const frame = app.frame();
    expect(frame).toContain("✓ Applied patch");
    expect(frame).toContain("A notes/hello.txt");
    expect(frame).toContain("+gamma");
    expect(frame).not.toContain("Patch streaming");
  });

  it("/effort high previews a full request, the next turn is full, the one after incremental", async () => {
    let turn = 0;
    const app = launch(async (_text, s) => {
      turn += 1;
      if (turn === 2) await s.answer("second", "ws_full", "properties_changed:reasoning");
      else await s.answer(`answer ${turn}`);
    });
    await ready(app.frame);
    await app.submit("first");
    await waitFor(() => app.frame().includes("answer 1"), "the first answer");
    await app.submit("/effort high");
    await waitFor(() => statusLine(app.frame(), "demo-model").includes("next: full"), "preview");
    expect(statusLine(app.frame(), "demo-model")).toContain("next: full — effort changed");
    expect(statusLine(app.frame(), "demo-model")).toContain("demo-model high");
    await app.submit("again");
    await waitFor(() => app.frame().includes("second"), "the second answer");
    await waitFor(() => !statusLine(app.frame(), "demo-model").includes("working"), "turn end");
    expect(statusLine(app.frame(), "demo-model")).toContain("ws_full — effort changed");
    expect(statusLine(app.frame(), "demo-model")).toContain("prev –");
    expect(statusLine(app.frame(), "demo-model")).not.toContain("next:");
    await app.submit("third");
    await waitFor(() => app.frame().includes("answer 3"), "the third answer");
    expect(statusLine(app.frame(), "demo-model")).toContain("ws_incremental");
    expect(statusLine(app.frame(), "demo-model")).toContain("prev ✓");
  });

  it("/effort without a level opens a picker; Down + Enter picks the next level", async () => {
    const app = launch((_t, s) => s.answer("ok"));
    await ready(app.frame);
    await app.submit("/effort");
    await waitFor(() => app.frame().includes("Reasoning effort for the next request"), "picker");
    expect(app.frame()).toContain("› medium (current)");
    app.ui.stdin.write("\u001b[B");
    await waitFor(() => app.frame().includes("› high"), "the selection to move");
    app.ui.stdin.write("\r");
    await waitFor(
      () => statusLine(app.frame(), "demo-model").includes("demo-model high"),
      "effort",
    );
    expect(app.frame()).not.toContain("Reasoning effort for the next request");
    expect(statusLine(app.frame(), "demo-model")).toContain("next: full — effort changed");
  });

  it("/status lists the session, transport and token totals", async () => {
    const app = launch(async (_text, s) => s.answer("ok"));
    await ready(app.frame);
    await app.submit("/status");
    await waitFor(() => app.frame().includes("incremental 1"), "the status table");
    const frame = app.frame();
    expect(frame).toContain("session      sess_test");
    expect(frame).toContain("provider     demo  http://127.0.0.1:1/v1");
    expect(frame).toContain("transport    ws  lane default");
    expect(frame).toContain("cached 3.1k (77%)");
  });

  it("keeps the status bar on one line on a terminal narrower than 40 columns", async () => {
    const app = launch((_text, s) => s.answer("narrow answer"));
    await ready(app.frame);
    await app.submit("hi");
    await waitFor(() => app.frame().includes("narrow answer"), "the answer");
    Object.defineProperty(app.ui.stdout, "columns", { get: () => 30, configurable: true });
    app.ui.stdout.emit("resize");
    await waitFor(
      () => !statusLine(app.frame(), "ws_incremental").includes("demo-model"),
      "reflow",
    );
    const status = statusLine(app.frame(), "ws_incremental");
    expect(status.trimEnd().length).toBeLessThanOrEqual(30);
    expect(status).toContain("prev ✓");
  });

  it("queues a message typed while a turn runs and sends it after", async () => {
    let finishFirst: () => void = () => {};
    const app = launch(async (text, s) => {
      if (text === "slow one")
        await new Promise<void>((resolve) => {
          finishFirst = resolve;
        });
      await s.answer(`done: ${text}`);
    });
    await ready(app.frame);
    await app.submit("slow one");
    await waitFor(() => app.sessions[0]?.sent.length === 1, "the first send");
    await app.submit("queued one");
    await waitFor(() => app.frame().includes("queued › queued one"), "the queued line");
    finishFirst();
    await waitFor(() => app.frame().includes("done: queued one"), "the queued answer");
    expect(app.sessions[0]?.sent).toEqual(["slow one", "queued one"]);
  });

  it("Esc interrupts a running turn", async () => {
    const app = launch(async (_text, s) => {
      await new Promise<void>((resolve) => s.signal.addEventListener("abort", () => resolve()));
    });
    await ready(app.frame);
    await app.submit("demo:slow 50");
    await waitFor(() => statusLine(app.frame(), "demo-model").includes("working"), "busy");
    app.ui.stdin.write("\u001b");
    await waitFor(() => app.frame().includes("Interrupted."), "the interrupt notice");
    expect(app.sessions[0]?.aborted).toBe(1);
  });
});

describe("App: input and ledger", () => {
  it("Ctrl+C clears the input, then quits and closes the session (keys in one chunk too)", async () => {
    const app = launch((_t, s) => s.answer("ok"));
    await ready(app.frame);
    await app.type("draft text");
    app.ui.stdin.write("\u0003");
    await waitFor(() => !app.frame().includes("draft text"), "the input to clear");
    expect(app.sessions[0]?.closed).toBe(false);
    app.ui.stdin.write("x\u0003\u0003");
    await waitFor(() => app.sessions[0]?.closed === true, "the session to close");
  });

  it("a bracketed paste with newlines never submits; keys typed in one chunk do", async () => {
    const app = launch((text, s) => s.answer(`got ${text.length} chars`));
    await ready(app.frame);
    app.ui.stdin.write("\u001b[200~line one\rline two\r\u001b[201~");
    await waitFor(() => app.frame().includes("line two"), "the pasted text");
    expect(app.sessions[0]?.sent).toEqual([]);
    app.ui.stdin.write("end\r");
    await waitFor(() => app.sessions[0]?.sent.length === 1, "the send");
    expect(app.sessions[0]?.sent).toEqual(["line one\nline two\nend"]);
  });

  it("Up recalls the previous message; Ctrl+J and Shift+Enter make a multi-line message", async () => {
    const app = launch((text, s) => s.answer(`echo: ${text.replaceAll("\n", " / ")}`));
    await ready(app.frame);
    await app.submit("first message");
    await waitFor(() => app.frame().includes("echo: first message"), "the answer");
    app.ui.stdin.write("\u001b[A");
    await waitFor(
      () => app.frame().includes("› first message\n") || /│ › first message/.test(app.frame()),
      "recall",
    );
    app.ui.stdin.write("\u0015");
    await app.type("line a");
    app.ui.stdin.write("\n");
    await app.type("line b");
    // Shift+Enter as a kitty-protocol terminal reports it.
    app.ui.stdin.write("\u001b[13;2u");
    await app.type("line c");
    app.ui.stdin.write("\r");
    await waitFor(() => app.frame().includes("echo: line a / line b / line c"), "the answer");
    expect(app.sessions[0]?.sent).toEqual(["first message", "line a\nline b\nline c"]);
  });

  it("/ledger shows the last rows of the session's ledger file", async () => {
    const home = await mkdtemp(join(tmpdir(), "mini-codex-ui-"));
    await mkdir(join(home, "sessions"));
    const row = (seq: number, mode: string, reason: string | null, prev: boolean) =>
      JSON.stringify({
        ts: "2026-01-01T00:00:00Z",
        session_id: "sess_test",
        turn: seq,
        seq,
        transport: "ws",
        mode,
        reason,
        lane: "default",
        previous_response_id_present: prev,
        response_id: `resp_${seq}`,
        prompt_cache_key: "sess_test",
        model: "demo-model",
        effort: "high",
        items_total: 6,
        items_sent: prev ? 1 : 6,
        bytes_sent: 900,
        usage: { input_tokens: 1200, cached_tokens: 1024, output_tokens: 9, reasoning_tokens: 0 },
        ms_to_first_event: 3,
        ms_total: 12.4,
        outcome: "completed",
      });
    await writeFile(
      join(home, "sessions", "sess_test.ledger.jsonl"),
      `${row(1, "ws_full", "no_baseline", false)}\n${row(2, "ws_full", "properties_changed:reasoning", false)}\n${row(3, "ws_incremental", null, true)}\n`,
    );
    const app = launch((_t, s) => s.answer("ok"), { home });
    await ready(app.frame);
    await app.submit("/ledger 2");
    await waitFor(() => app.frame().includes("Ledger (last 2)"), "the ledger table");
    const frame = app.frame();
    expect(frame).toMatch(/seq\s+turn\s+mode\s+reason\s+prev/);
    expect(frame).toMatch(/2\s+2\s+ws_full\s+properties_changed:reasoning\s+–\s+6\/6/);
    expect(frame).toMatch(
      /3\s+3\s+ws_incremental\s+✓\s+1\/6\s+900\s+1200\s+1024\s+9\s+12\s+completed/,
    );
    expect(frame).not.toContain("no_baseline");
  });
});
