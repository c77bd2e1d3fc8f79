import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import type { AgentSession } from "../../src/session/api.js";
import { buildInitialContext } from "../../src/session/context/environment.js";
import { createToolRouter } from "../../src/tools/index.js";
import { createSession } from "../../src/turn/agent-session.js";
import { App } from "../../src/ui/app.js";
import type { TuiLaunchOptions } from "../../src/ui/contract.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { plain, statusLine, waitFor } from "./ink-helpers.js";

// The real session, tools and demo server over loopback; only the terminal is simulated.
let server: DemoServer;
let home: string;
let cwd: string;
let realHome: string | undefined;
const cleanups: Array<() => Promise<void> | void> = [];

beforeEach(async () => {
  server = await startCheckedDemoServer();
  home = mkdtempSync(join(tmpdir(), "mini-codex-tui-home-"));
  cwd = mkdtempSync(join(tmpdir(), "mini-codex-tui-cwd-"));
  // shell_command runs `bash -lc`: keep the machine's login profile out.
  realHome = process.env.HOME;
  process.env.HOME = home;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await server.close();
  process.env.HOME = realHome;
  rmSync(home, { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
});

/** The transcript's warning lines. */
const warningLines = (frame: string) => frame.split("\n").filter((line) => line.startsWith("⚠ "));

function launch(overrides: Partial<TuiLaunchOptions> = {}) {
  const sessions: AgentSession[] = [];
  const approvalPolicy = overrides.approvalPolicy ?? "untrusted";
  const options: TuiLaunchOptions = {
    createSession: async (hooks) => {
      const session = createSession({
        id: `sess-tui-${sessions.length + 1}-${Math.random().toString(36).slice(2, 8)}`,
        provider: {
          id: "demo",
          name: "Demo",
          baseUrl: server.baseUrl,
          supportsWebsockets: true,
          requestMaxRetries: 0,
          streamMaxRetries: 3,
          streamIdleTimeoutMs: 10_000,
          websocketConnectTimeoutMs: 5_000,
          wsLanes: "off",
          wsMaxLanes: 4,
          wsEpochMaxRequests: 0,
        },
        settings: { model: "demo-1", effort: "medium", ...hooks.settings },
        instructions: "You are the TUI test agent.",
        tools: createToolRouter(),
        cwd,
        workspaceRoots: [cwd],
        sandbox: "workspace-write",
        approvalPolicy,
        home,
        initialContext: buildInitialContext({
          cwd,
          shell: "bash",
          sandbox: "workspace-write",
          approvalPolicy,
          now: new Date("2026-01-02T03:04:05Z"),
          timezone: "UTC",
        }),
        warmup: true,
        version: "0.0.0-test",
        ...(hooks.approve ? { approve: hooks.approve } : {}),
      });
      sessions.push(session);
      return session;
    },
    home,
    hiddenHomes: [home],
    cwd,
    approvalPolicy,
    sandbox: "workspace-write",
    contextWindow: 100_000,
    version: "0.0.0-test",
    ...overrides,
  };
  const ui = render(<App options={options} />);
  cleanups.push(async () => {
    ui.unmount();
    for (const session of sessions) await session.close();
  });
  const frame = () => plain(ui.lastFrame());
  const status = () => statusLine(ui.lastFrame() ?? "", "demo-1");
  const submit = async (text: string) => {
    ui.stdin.write(text);
    await waitFor(() => frame().includes(text), `"${text}" in the composer`);
    ui.stdin.write("\r");
  };
  const idle = () => waitFor(() => !status().includes("working"), "the turn to end");
  /** Start typing a message, which sends the warm-up (issue 46), then erase it. */
  const warmUp = async (done: RegExp = /warm-up/) => {
    ui.stdin.write("w");
    await waitFor(() => done.test(status()), "the warm-up");
    ui.stdin.write("\u007f");
    await waitFor(() => frame().includes("Ask mini-codex"), "the composer emptied");
  };
  return { ui, frame, status, submit, idle, sessions, warmUp };
}

describe("TUI on the real session and the demo server", () => {
  it("/new starts with the effort chosen in this run, without a settings note in its history", async () => {
    const app = launch();
    await app.warmUp();
    await app.submit("/effort high");
    await waitFor(() => app.status().includes("demo-1 high"), "effort high");
    await app.submit("/new");
    await waitFor(() => app.sessions.length === 2, "the second session");
    const fresh = app.sessions[1]!;
    expect(fresh.status().effort).toBe("high");
    await app.submit("after new");
    await waitFor(() => app.frame().includes("You said: after new"), "the answer");
    const first = server.requests.find(
      (r) => (r.body as { prompt_cache_key?: string }).prompt_cache_key === fresh.id,
    );
    const body = first?.body as { reasoning?: { effort?: string } } | undefined;
    expect(body?.reasoning?.effort).toBe("high");
    const notes = fresh
      .history()
      .filter((item) => JSON.stringify(item).includes("<settings_changed>"));
    expect(notes).toEqual([]);
  });

  it("streams the answer; after /effort high the next request is full, then incremental again", async () => {
    const app = launch();
    await app.warmUp();
    await app.submit("hello demo");
    await waitFor(() => app.frame().includes("You said: hello demo"), "the answer");
    await app.idle();
    expect(app.status()).toContain("ws_incremental");
    expect(app.status()).toContain("prev ✓");
    expect(app.status()).toMatch(/cached \S+ \(\d+%\)/);
    expect(app.status()).toMatch(/ctx \d+% left/);

    await app.submit("/effort high");
    await waitFor(() => app.status().includes("next: full"), "the next-request preview");
    expect(app.status()).toContain("next: full — effort changed");
    expect(app.status()).toContain("demo-1 high");

    await app.submit("second message");
    await waitFor(() => app.frame().includes("You said: second message"), "the second answer");
    await app.idle();
    expect(app.status()).toContain("ws_full — effort changed");
    // the chain reset shows as `prev –`, unless the explained cache drop (higher priority) takes its room
    expect(app.status()).toMatch(/prev –|cached 0 — prefix changed: reasoning/);
    expect(app.status()).not.toContain("next:");

    await app.submit("third message");
    await waitFor(() => app.frame().includes("You said: third message"), "the third answer");
    await app.idle();
    expect(app.status()).toContain("ws_incremental");
    expect(app.status()).toContain("prev ✓");

    // What the status bar said is what went over the wire.
    const sent = server.requests.filter((r) => r.transport === "ws");
    const chained = sent.map(
      (r) =>
        typeof (r.body as { previous_response_id?: unknown }).previous_response_id === "string",
    );
    expect(chained.slice(-3)).toEqual([true, false, true]);
  });

  it("asks before a command, runs it once approved, and /ledger shows the requests", async () => {
    const app = launch();
    await waitFor(() => app.frame().includes("session sess-tui-1"), "the banner");
    await app.submit("run: touch made-by-agent.txt");
    await waitFor(() => app.frame().includes("Run this command?"), "the approval prompt");
    expect(existsSync(join(cwd, "made-by-agent.txt"))).toBe(false);
    app.ui.stdin.write("y");
    await waitFor(() => app.frame().includes("Ran the command. Exit code 0."), "the report");
    expect(existsSync(join(cwd, "made-by-agent.txt"))).toBe(true);
    expect(app.frame()).toMatch(/✓ \$ touch made-by-agent\.txt\s+\(exit 0/);
    await app.idle();

    await app.submit("/ledger");
    await waitFor(() => app.frame().includes("Ledger (last"), "the ledger table");
    expect(app.frame()).toMatch(/ws_full\s+–\s.*completed\s+no_baseline/);
    expect(app.frame()).toMatch(/ws_incremental\s+✓/);
  });

  it("a denied command never runs and the model is told", async () => {
    const app = launch();
    await waitFor(() => app.frame().includes("session sess-tui-1"), "the banner");
    await app.submit("run: touch denied.txt");
    await waitFor(() => app.frame().includes("Run this command?"), "the approval prompt");
    app.ui.stdin.write("n");
    await waitFor(() => app.frame().includes("Denied: touch denied.txt"), "the denial line");
    await app.idle();
    expect(existsSync(join(cwd, "denied.txt"))).toBe(false);
    const outputs = app.sessions[0]?.history().filter((i) => i.type === "function_call_output");
    expect(outputs?.map((i) => i.output)).toEqual(["denied by user"]);
    // One line says so, not two.
    await waitFor(() => app.frame().includes("did not run"), "the model's answer");
    const warnings = app
      .frame()
      .split("\n")
      .filter((line) => line.startsWith("⚠"));
    expect(warnings).toEqual(["⚠ Denied: touch denied.txt"]);
  });

  it("asks before a patch, then shows the applied diff", async () => {
    const app = launch();
    await waitFor(() => app.frame().includes("session sess-tui-1"), "the banner");
    await app.submit("write notes/hello.txt: hello from the agent");
    await waitFor(() => app.frame().includes("Apply this patch?"), "the approval prompt");
    // The streamed preview (files, +/- counts) is on screen while the person decides.
    expect(app.frame()).toContain("✎ Patch ready");
    expect(app.frame()).toMatch(/add notes\/hello\.txt \+1 -0/);
    expect(app.frame()).toContain("+hello from the agent");
    app.ui.stdin.write("a");
    await waitFor(() => app.frame().includes("Applied the patch."), "the report");
    expect(readFileSync(join(cwd, "notes/hello.txt"), "utf8")).toBe("hello from the agent\n");
    expect(app.frame()).toContain("✓ Applied patch");
    expect(app.frame()).toContain("add notes/hello.txt");
    expect(app.frame()).toContain("+hello from the agent");
  });

  it("/status shows the real session's provider, transport and totals", async () => {
    const app = launch();
    await waitFor(() => app.frame().includes("session sess-tui-1"), "the banner");
    await app.submit("hi");
    await waitFor(() => app.frame().includes("You said: hi"), "the answer");
    await app.idle();
    await app.submit("/status");
    await waitFor(() => app.frame().includes("Status"), "the status block");
    expect(app.frame()).toContain(`provider     demo  ${server.baseUrl}`);
    expect(app.frame()).toContain("transport    ws  lane default");
    expect(app.frame()).toMatch(/requests\s+2\s+incremental 1 \(50%\)/);
  });

  it("a refused WebSocket shows one line and the status bar says http_full", async () => {
    server.hooks.refuseUpgrade(426);
    const app = launch();
    await waitFor(() => app.frame().includes("session sess-tui-1"), "the banner");
    await app.submit("over http");
    await waitFor(() => app.frame().includes("You said: over http"), "the answer");
    await app.idle();
    const warnings = warningLines(app.frame());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("using HTTP");
    expect(app.status()).toMatch(/^http_full — HTTP transport │ prev – │/);
  });

  it("a socket dropped mid-stream shows one retry line; the resend is full, then chaining resumes", async () => {
    const app = launch();
    await app.warmUp(/warm-up.*cached \d/);
    server.hooks.dropAfterEvents(4);
    await app.submit("dropped once");
    await waitFor(() => app.frame().includes("You said: dropped once"), "the answer");
    await app.idle();
    const warnings = warningLines(app.frame());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^⚠ request failed/);
    expect(app.status()).toMatch(/^ws_full — reconnected │ prev – │/);
    await app.submit("after the drop");
    await waitFor(() => app.frame().includes("You said: after the drop"), "the next answer");
    await app.idle();
    expect(app.status()).toMatch(/^ws_incremental │ prev ✓ │/);
  });

  it("a socket dropped in the middle of the answer: the resent answer is shown once", async () => {
    const app = launch();
    await app.warmUp(/warm-up.*cached \d/);
    // Past the reasoning and the first words of the answer.
    server.hooks.dropAfterEvents(14);
    await app.submit("cut me off in the middle of a long answer");
    await waitFor(
      () => app.frame().includes("You said: cut me off in the middle of a long answer"),
      "the answer",
    );
    await app.idle();
    const answers = app
      .frame()
      .split("\n")
      .filter((line) => line.trim().startsWith("You said:"));
    expect(answers).toEqual(["  You said: cut me off in the middle of a long answer"]);
  });
});
