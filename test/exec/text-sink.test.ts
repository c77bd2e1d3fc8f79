import { describe, expect, it } from "vitest";
import { TextProgress } from "../../src/exec/text-sink.js";

const assistant = (text: string) => ({
  type: "item_completed" as const,
  item: { type: "message", role: "assistant", content: [{ type: "output_text", text }] },
});

describe("TextProgress (exec text mode, stderr)", () => {
  it("shows commands and patches, and holds back the final answer for stdout", () => {
    let err = "";
    const progress = new TextProgress((text) => {
      err += text;
    });
    progress.handle({ type: "turn_started", turn: 1 });
    progress.handle(assistant("Let me look."));
    progress.handle({
      type: "tool",
      event: { type: "command_started", callId: "c", command: "ls", workdir: "/w" },
    });
    progress.handle({
      type: "tool",
      event: {
        type: "command_finished",
        callId: "c",
        command: "ls",
        exitCode: 0,
        timedOut: false,
        aborted: false,
        aggregatedOutput: "a.txt\nb.txt\n",
        durationMs: 1200,
      },
    });
    progress.handle({
      type: "tool",
      event: {
        type: "patch_applied",
        callId: "p",
        ok: true,
        changes: [{ path: "a.txt", kind: "update" }],
      },
    });
    progress.handle(assistant("All done."));
    progress.handle({
      type: "turn_completed",
      turn: 1,
      usage: { input_tokens: 1, cached_tokens: 0, output_tokens: 1, reasoning_tokens: 0 },
    });
    expect(err).toBe(
      "Let me look.\n$ ls\n  a.txt\n  b.txt\n  (exit 0, 1.2 s)\npatch applied:\n  M a.txt\n",
    );
    expect(err).not.toContain("All done.");
  });

  it("reports a failed turn and an interrupt", () => {
    let err = "";
    const progress = new TextProgress((text) => {
      err += text;
    });
    progress.handle({
      type: "turn_failed",
      turn: 1,
      message: "demo failure requested",
      aborted: false,
    });
    progress.handle({ type: "turn_failed", turn: 2, message: "aborted", aborted: true });
    expect(err).toBe("error: demo failure requested\ninterrupted\n");
  });

  it("shows command output as a terminal would leave it and every line without raw controls", () => {
    let err = "";
    const progress = new TextProgress((text) => {
      err += text;
    });
    progress.handle({
      type: "tool",
      event: { type: "command_started", callId: "c", command: "echo \u001b[31mred", workdir: "/w" },
    });
    progress.handle({
      type: "tool",
      event: {
        type: "command_finished",
        callId: "c",
        command: "x",
        exitCode: 0,
        timedOut: false,
        aborted: false,
        aggregatedOutput: "\u001b]0;title\u0007\u001b[2Jclean\r\nstep 1\rstep 2\n",
        durationMs: 10,
      },
    });
    expect(err).toBe("$ echo ^[[31mred\n  clean\n  step 2\n  (exit 0, 0.0 s)\n");
  });
});
