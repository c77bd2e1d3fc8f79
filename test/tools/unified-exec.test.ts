import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chosenShellTool } from "../../src/launch/config/shell-tool.js";
import { probeBwrap } from "../../src/sandbox/bwrap-probe.js";
import { resolveSettings } from "../../src/settings/index.js";
import { BackgroundTerminals, createToolRouter } from "../../src/tools/index.js";
import { formatExecOutput } from "../../src/tools/unified-exec/output.js";
import { TerminalScreen } from "../../src/tools/unified-exec/terminal-screen.js";
import { clampYield } from "../../src/tools/unified-exec/yield.js";
import { execute, makeContext, tempWorkspace, textOutput } from "./helpers.js";

describe("the headless terminal a session's output goes through", () => {
  it("shows what a terminal shows: colours dropped, \\r rewrites applied, wrapped lines joined", async () => {
    const screen = await TerminalScreen.create(false);
    screen.write(
      `\x1b[31mred\x1b[0m text\r\nprogress 10%\rprogress 99%\r\n${"w".repeat(300)}\r\n>>> `,
    );
    await screen.settled();
    expect(screen.readNew()).toEqual({
      text: `red text\nprogress 99%\n${"w".repeat(300)}\n>>> \n`,
      scrolledOut: false,
    });
    // the next read starts at the line the cursor was on: the prompt with what was typed
    screen.write("1+1\r\n2\r\n>>> ");
    await screen.settled();
    expect(screen.readNew().text).toBe(">>> 1+1\n2\n>>> \n");
    screen.dispose();
  });

  it("says so when lines scrolled out of the scrollback before they were read", async () => {
    const screen = await TerminalScreen.create(true);
    screen.write("first\n");
    await screen.settled();
    screen.readNew();
    for (let i = 0; i < 12_000; i++) screen.write(`line ${i}\n`);
    await screen.settled();
    const read = screen.readNew();
    expect(read.scrolledOut).toBe(true);
    expect(read.text.endsWith("line 11999\n")).toBe(true);
    screen.dispose();
  });
});

describe("exec_command's output and waits (the Codex CLI's format and bounds)", () => {
  it("formats a running and an ended process", () => {
    const running = formatExecOutput({
      wallMs: 1002.4,
      sessionId: 3,
      text: "ready\n",
      maxOutputTokens: 100,
    });
    expect(running).toMatch(
      /^Chunk ID: [0-9a-f]{6}\nWall time: 1\.0024 seconds\nProcess running with session ID 3\nOriginal token count: 2\nOutput:\nready\n$/,
    );
    const ended = formatExecOutput({
      wallMs: 5,
      exitCode: 1,
      text: "x".repeat(4000),
      maxOutputTokens: 100,
    });
    expect(ended).toContain("Process exited with code 1\nOriginal token count: 1000\n");
    expect(ended).toContain("truncated");
    expect(ended.length).toBeLessThan(700);
  });

  it("clamps yields: 250 ms–30 s, an empty poll 5 s–300 s, and says when it lowered one", () => {
    expect(clampYield(undefined, 10_000, false)).toEqual({ ms: 10_000 });
    expect(clampYield(10, 250, false)).toEqual({ ms: 250 });
    expect(clampYield(60_000, 250, false).ms).toBe(30_000);
    expect(clampYield(60_000, 250, false).note).toContain("30000");
    expect(clampYield(100, 250, true)).toEqual({ ms: 5_000 });
    expect(clampYield(600_000, 250, true).ms).toBe(300_000);
  });

  it("shell_tool: configured, else the catalog's unified_exec, else shell_command", () => {
    expect(chosenShellTool("exec_command", "shell_command")).toBe("exec_command");
    expect(chosenShellTool("shell_command", "unified_exec")).toBe("shell_command");
    expect(chosenShellTool("auto", "unified_exec")).toBe("exec_command");
    expect(chosenShellTool(undefined, "shell_command")).toBe("shell_command");
  });
});

describe("write_stdin's refusals", () => {
  it("an unknown session and a write to a pipes session are named, a poll of it works", async () => {
    const ws = await tempWorkspace();
    const terminals = new BackgroundTerminals();
    const tools = createToolRouter({
      shellTool: "exec_command",
      terminals,
      config: resolveSettings({ features: { shell_snapshot: false } }),
    });
    const ctx = makeContext(ws.ws, { sandbox: "danger-full-access" });
    const call = async (name: string, args: unknown) =>
      textOutput(
        await execute(
          tools,
          { type: "function_call", name, call_id: "c", arguments: JSON.stringify(args) },
          ctx,
        ),
      );
    try {
      expect(await call("write_stdin", { session_id: 9, chars: "x" })).toBe("Unknown process id 9");
      const started = await call("exec_command", {
        cmd: "echo up; exec sleep 30",
        yield_time_ms: 30_000,
      });
      expect(started).toContain("Process running with session ID 1");
      expect(started, started).toContain("up");
      expect(await call("write_stdin", { session_id: 1, chars: "x" })).toContain("stdin is closed");
      expect(terminals.list().map((t) => t.command)).toEqual(["echo up; exec sleep 30"]);
      expect(await terminals.stop(1)).toBe(true);
      expect(terminals.list()).toEqual([]);
    } finally {
      await terminals.stopAll();
      await ws.cleanup();
    }
  });
});

describe("a pseudo-terminal's command reports its own end", () => {
  it("a command that closes its terminal before it exits still ends with its own code, not SIGHUP", async () => {
    // coreutils close stdio before exiting; with nothing left on the terminal's program side, a
    // master closed at that point hangs it up and SIGHUP ends the command (129). The pause
    // between the close and the exit makes the busy machine's rare ordering the only one.
    const ws = await tempWorkspace();
    const terminals = new BackgroundTerminals();
    // no bwrap on this PATH: bash itself leads the terminal's session (bwrap would hold it open)
    const noBwrap = join(ws.root, "no-bwrap");
    mkdirSync(noBwrap);
    const tools = createToolRouter({
      shellTool: "exec_command",
      terminals,
      config: resolveSettings({ features: { shell_snapshot: false } }),
      sandboxProbe: () => probeBwrap(noBwrap),
    });
    const ctx = makeContext(ws.ws, { sandbox: "danger-full-access" });
    try {
      const output = textOutput(
        await execute(
          tools,
          {
            type: "function_call",
            name: "exec_command",
            call_id: "c",
            arguments: JSON.stringify({
              cmd: "exec 0<&- 1>&- 2>&-; sleep 0.3; touch ended; exit 3",
              tty: true,
              yield_time_ms: 30_000,
            }),
          },
          ctx,
        ),
      );
      expect(output).toContain("Process exited with code 3");
      expect(existsSync(join(ws.ws, "ended"))).toBe(true);
    } finally {
      await terminals.stopAll();
      await ws.cleanup();
    }
  });
});
