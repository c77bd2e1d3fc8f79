import { afterEach, describe, expect, it } from "vitest";
import { statusLine, waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";

afterEach(unmountAll);

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
        suggestedPrefix: [],
      });
      if (decision?.kind === "deny") return;
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

  for (const [name, keys] of [
    ["Ctrl+C", "\u0003"],
    ["Esc", "\u001b"],
  ] as const) {
    it(`${name} on the approval prompt denies the command and interrupts the turn`, async () => {
      const decisions: string[] = [];
      const app = launch(async (_text, s) => {
        const request = {
          kind: "command" as const,
          callId: "c",
          command: "rm -rf build",
          workdir: "/",
          suggestedPrefix: ["rm"],
        };
        decisions.push((await s.hooks.approve?.(request))?.kind ?? "none");
      });
      await ready(app.frame);
      await app.submit("run: rm -rf build");
      await waitFor(() => app.frame().includes("Run this command?"), "the approval prompt");
      app.ui.stdin.write(keys);
      await waitFor(() => app.frame().includes("Interrupted."), "the interrupt");
      expect(decisions).toEqual(["deny"]);
      expect(app.sessions[0]?.aborted).toBe(1);
      expect(app.frame()).not.toContain("Run this command?");
    });
  }

  it("keeps keys in a half-typed message when an approval prompt appears (no stray approval)", async () => {
    const decisions: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = launch(async (_text, s) => {
      await gate;
      const request = {
        kind: "command",
        callId: "c",
        command: "rm -rf build",
        workdir: "/",
        suggestedPrefix: ["rm"],
      };
      decisions.push((await s.hooks.approve?.(request as never))?.kind ?? "none");
    });
    await ready(app.frame);
    await app.submit("run: rm -rf build");
    app.ui.stdin.write("also check ");
    await waitFor(() => app.frame().includes("also check"), "the half-typed message");
    release();
    await waitFor(() => app.frame().includes("Keys go to your message"), "the prompt's hint");
    app.ui.stdin.write("a");
    await waitFor(() => app.frame().includes("also check a"), "the key in the message");
    expect(decisions).toEqual([]);
    app.ui.stdin.write("\t");
    await waitFor(() => app.frame().includes("queued › also check a"), "the queued message");
    app.ui.stdin.write("n");
    await waitFor(() => decisions.length === 1, "the decision");
    expect(decisions).toEqual(["deny"]);
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
    expect(frame).toContain("add notes/hello.txt");
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
    await waitFor(() => !statusLine(app.frame(), "demo-model").includes("working"), "turn end");
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
    // The context left outranks the chain mark (ws_incremental already says it chained).
    expect(status).toContain("ctx");
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
    await app.queue("queued one");
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
