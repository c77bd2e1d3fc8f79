import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSettings } from "../../src/settings/index.js";
import { createToolRouter, runShellCommand } from "../../src/tools/index.js";
import { capOutput, formatShellOutput } from "../../src/tools/shell-output.js";
import type { ToolEvent } from "../../src/tools/types.js";
import {
  makeContext,
  processesRunning,
  type TempWorkspace,
  tempWorkspace,
  textRouter,
  uniqueSleep,
  waitFor,
} from "./helpers.js";

const call = (args: Record<string, unknown>) => ({
  type: "function_call" as const,
  name: "shell_command",
  call_id: "call_1",
  arguments: JSON.stringify(args),
});

describe("shell_command", () => {
  let ws: TempWorkspace;
  // A temp HOME keeps the machine's login profile out: a command killed while a profile runs
  // could leave that profile's lock files behind for every later shell on the machine.
  const router = (options: Parameters<typeof createToolRouter>[0] = {}) =>
    textRouter(createToolRouter({ shellEnv: { HOME: ws.root }, ...options }));
  beforeEach(async () => {
    ws = await tempWorkspace();
  });
  afterEach(async () => {
    await ws.cleanup();
  });

  it("returns exit code, wall time and output, and streams output as events", async () => {
    const ctx = makeContext(ws.ws);
    const output = await router().execute(call({ command: "echo out; echo err >&2; exit 3" }), ctx);
    expect(output).toMatch(/^Exit code: 3\nWall time: \d+\.\d seconds\nOutput:\n/);
    expect(output).toContain("out\n");
    expect(output).toContain("err\n");
    const types = ctx.events.map((e) => e.type);
    expect(types[0]).toBe("command_started");
    expect(types.at(-1)).toBe("command_finished");
    const streamed = ctx.events.filter((e) => e.type === "command_output");
    expect(streamed.map((e) => e.stream).sort()).toContain("stderr");
    expect(ctx.events.at(-1)).toMatchObject({ exitCode: 3, timedOut: false, aborted: false });
  });

  it("reports exit code 0 and runs in the workdir", async () => {
    await mkdir(join(ws.ws, "sub"));
    const ctx = makeContext(ws.ws);
    const output = await router().execute(call({ command: "pwd", workdir: "sub" }), ctx);
    expect(output.split("\n")[0]).toBe("Exit code: 0");
    expect(output.trimEnd().endsWith(`${join(ws.ws, "sub")}`)).toBe(true);
    expect(ctx.events[0]).toMatchObject({ type: "command_started", workdir: "sub" });
  });

  it("a command killed by a signal reports 128+n to the model and in its finished event alike", async () => {
    const ctx = makeContext(ws.ws);
    const output = await router().execute(call({ command: "kill -9 $$" }), ctx);
    expect(output.split("\n")[0]).toBe("Exit code: 137");
    expect(ctx.events.at(-1)).toMatchObject({ type: "command_finished", exitCode: 137 });
  });

  for (const sandbox of ["workspace-write", "danger-full-access"] as const) {
    it(`kills the whole process tree on timeout: no orphan survives (${sandbox})`, async () => {
      const ctx = makeContext(ws.ws, { sandbox });
      const tools = router({ config: resolveSettings({ shell_timeout_ms: 60_000 }) });
      const sleep = uniqueSleep();
      const pending = tools.execute(call({ command: `${sleep} & wait`, timeout_ms: 1000 }), ctx);
      await waitFor(() => processesRunning(sleep).length > 0);
      const output = await pending;
      expect(output.split("\n")[0]).toBe("Exit code: 124");
      expect(output).toContain("timed out after 1000 ms");
      await waitFor(() => processesRunning(sleep).length === 0);
      expect(ctx.events.at(-1)).toMatchObject({
        type: "command_finished",
        timedOut: true,
        exitCode: null,
      });
    });

    it(`follows up with SIGKILL when a child ignores SIGTERM (${sandbox})`, async () => {
      const ctx = makeContext(ws.ws, { sandbox });
      const sleep = uniqueSleep();
      const command = `trap '' TERM; ${sleep} & wait`;
      const pending = router().execute(call({ command, timeout_ms: 1000 }), ctx);
      await waitFor(() => processesRunning(sleep).length > 0);
      expect((await pending).split("\n")[0]).toBe("Exit code: 124");
      await waitFor(() => processesRunning(sleep).length === 0);
    });

    it(`kills the process tree when the turn is aborted (${sandbox})`, async () => {
      const controller = new AbortController();
      const ctx = makeContext(ws.ws, { signal: controller.signal, sandbox });
      const sleep = uniqueSleep();
      const pending = router().execute(call({ command: `${sleep} & wait` }), ctx);
      await waitFor(() => processesRunning(sleep).length > 0);
      controller.abort();
      const output = await pending;
      expect(output.split("\n")[0]).toBe("Exit code: 130");
      await waitFor(() => processesRunning(sleep).length === 0);
      expect(ctx.events.at(-1)).toMatchObject({ aborted: true });
    });
  }

  it("caps the output for the model (head and tail kept) but gives the UI everything", async () => {
    const ctx = makeContext(ws.ws);
    const output = await router({ outputCapBytes: 2000 }).execute(
      call({ command: "seq 1 5000" }),
      ctx,
    );
    const body = output.slice(output.indexOf("Output:\n") + 8);
    expect(body.startsWith("1\n2\n3\n")).toBe(true);
    expect(body.trimEnd().endsWith("4999\n5000")).toBe(true);
    expect(body).toMatch(/\[\.\.\. \d+ lines \(\d+ bytes\) truncated \.\.\.\]/);
    expect(Buffer.byteLength(body)).toBeLessThan(2100);
    const finished = ctx.events.at(-1) as Extract<ToolEvent, { type: "command_finished" }>;
    expect(finished.aggregatedOutput.split("\n")).toHaveLength(5001);
  });

  it("bounds the output kept in memory and still counts what was cut", async () => {
    const outcome = await runShellCommand("seq 1 100000", {
      cwd: ws.ws,
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      env: { HOME: ws.root },
      retainedChars: 20_000,
      onChunk: () => {},
    });
    expect(outcome.output.startsWith("1\n2\n")).toBe(true);
    expect(outcome.output.trimEnd().endsWith("99999\n100000")).toBe(true);
    expect(outcome.output).toMatch(/\[\.\.\. \d+ lines \(\d+ characters\) not kept \.\.\.\]/);
    expect(outcome.output.length).toBeLessThan(40_000);
    const forModel = formatShellOutput(outcome, 1000, 10_000);
    const cut = /\[\.\.\. (\d+) lines/.exec(forModel);
    // newlines kept, less the marker line's own
    const keptLines = forModel.slice(forModel.indexOf("Output:\n") + 8).split("\n").length - 2;
    expect(Number(cut?.[1]) + keptLines).toBe(100_000);
  });

  it("refuses a workdir outside the workspace in workspace-write", async () => {
    const ctx = makeContext(ws.ws);
    const output = await router().execute(call({ command: "touch x", workdir: ".." }), ctx);
    expect(output).toContain("outside the workspace");
    expect(ctx.events).toHaveLength(0);
    expect(existsSync(join(ws.root, "x"))).toBe(false);
  });

  it("says so when the workdir does not exist", async () => {
    const output = await router().execute(
      call({ command: "true", workdir: "missing" }),
      makeContext(ws.ws),
    );
    expect(output).toBe("workdir missing does not exist or is not a directory");
  });

  it("asks for approval and does not run a denied command", async () => {
    const asked: unknown[] = [];
    const ctx = makeContext(ws.ws, {
      approve: async (request) => {
        asked.push(request);
        return { kind: "deny" };
      },
    });
    const output = await router().execute(call({ command: "touch ran" }), ctx);
    expect(output).toBe("denied by user");
    expect(asked).toEqual([
      {
        kind: "command",
        callId: "call_1",
        command: "touch ran",
        workdir: ".",
        suggestedPrefix: ["touch"],
      },
    ]);
    expect(existsSync(join(ws.ws, "ran"))).toBe(false);
  });

  it("names the problem when the arguments are bad", async () => {
    const ctx = makeContext(ws.ws);
    const tools = router();
    const bad = { ...call({}), arguments: "{not json" };
    expect(await tools.execute(bad, ctx)).toContain(
      "failed to parse arguments of shell_command as JSON",
    );
    const wrong = await tools.execute(call({ command: 42 }), ctx);
    expect(wrong).toContain("invalid arguments for shell_command: command:");
  });
});

describe("capOutput", () => {
  it("keeps short output as is", () => {
    expect(capOutput("a\nb\n", 100)).toBe("a\nb\n");
  });

  it("cuts whole lines in the middle and says how much", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const capped = capOutput(text, 100);
    expect(capped.startsWith("line 0\n")).toBe(true);
    expect(capped.endsWith("line 99")).toBe(true);
    const match = /\[\.\.\. (\d+) lines \((\d+) bytes\) truncated \.\.\.\]/.exec(capped);
    expect(match).not.toBeNull();
    const keptLines = capped.split("\n").length - 1;
    expect(keptLines + Number(match![1])).toBe(100);
  });
});
