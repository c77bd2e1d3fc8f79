import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { BIN, type TempWorld, tempWorld } from "./helpers.js";

// The built binary's TUI in a real terminal (tmux) against a demo server in this process.
const hasTmux = spawnSync("tmux", ["-V"]).status === 0;
const SOCKET = `mini-codex-e2e-${process.pid}`;
const PANE = "tui";

function tmux(...args: string[]): string {
  // A detached tmux needs no terminal of its own, but some tmux builds still want a TERM.
  const env = { ...process.env, TERM: process.env.TERM || "xterm-256color" };
  return execFileSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8", env });
}

function screen(): string {
  return tmux("capture-pane", "-p", "-t", PANE);
}

/** The status bar: the last screen line naming a request mode (or "no request yet"). */
function statusBar(): string {
  const lines = screen().split("\n");
  return lines.filter((line) => /ws_|http_full|no request yet/.test(line)).at(-1) ?? "";
}

function alive(): boolean {
  return spawnSync("tmux", ["-L", SOCKET, "has-session", "-t", PANE]).status === 0;
}

async function until(predicate: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; screen:\n${alive() ? screen() : "(gone)"}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function type(text: string) {
  tmux("send-keys", "-t", PANE, "-l", text);
  tmux("send-keys", "-t", PANE, "Enter");
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** `npm run build` unless dist/ is newer than src/ (npm test builds first; a rebuild here
 * would rewrite dist/ under other end-to-end tests running at the same time). */
function buildIfStale() {
  let built = 0;
  try {
    built = Math.min(
      statSync(join(ROOT, "dist/cli/main.js")).mtimeMs,
      statSync(join(ROOT, "dist/ui/run.js")).mtimeMs,
    );
  } catch {
    built = 0;
  }
  if (built < newestMtime(join(ROOT, "src"))) {
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  }
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

describe.skipIf(!hasTmux)("TUI in tmux against the demo server", () => {
  let server: DemoServer;
  let world: TempWorld;

  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    const command = [
      "env",
      ...[
        "OPENAI_API_KEY",
        "CODEX_API_KEY",
        "OPENAI_BASE_URL",
        "CI",
        "CONTINUOUS_INTEGRATION",
      ].flatMap((name) => ["-u", name]),
      `MINI_CODEX_HOME=${world.home}`,
      `HOME=${world.root}`,
      process.execPath,
      BIN,
      "-c",
      `openai_base_url="${server.baseUrl}"`,
      "--effort",
      "medium",
    ]
      .map(quote)
      .join(" ");
    tmux("new-session", "-d", "-s", PANE, "-x", "100", "-y", "30", "-c", world.repo, command);
  }, 180_000);

  afterAll(async () => {
    if (alive()) tmux("kill-server");
    await server?.close();
    world?.cleanup();
  });

  it("answers; medium → high → medium → high: each back-toggle is ws_incremental on the status bar and on the wire", async () => {
    await until(() => screen().includes("/help for commands"), "the TUI to start");
    await until(() => statusBar().includes("warm-up"), "the warm-up request");

    type("hello from tmux");
    await until(() => screen().includes("You said: hello from tmux"), "the first answer");
    await until(() => !statusBar().includes("working"), "the first turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ prev ✓ │ \S+ medium │ cached /);

    type("/effort high");
    await until(() => statusBar().includes("next: full"), "the next-request preview");
    expect(statusBar()).toContain("next: full — new lane high");
    expect(statusBar()).toMatch(/│ \S+ high │/);

    type("second message");
    await until(() => screen().includes("You said: second message"), "the second answer");
    await until(() => !statusBar().includes("working"), "the second turn to end");
    expect(statusBar()).toMatch(/^ws_full — new lane │ .*lane high │ \S+ high │/);

    // back to medium: its lane continues with only what was added since
    type("/effort medium");
    await until(() => statusBar().includes("next: incremental on lane medium"), "medium's preview");
    type("third message");
    await until(() => screen().includes("You said: third message"), "the third answer");
    await until(() => !statusBar().includes("working"), "the third turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ .*lane medium │ \S+ medium │/);

    type("/effort high");
    await until(() => statusBar().includes("next: incremental on lane high"), "high's preview");
    type("fourth message");
    await until(() => screen().includes("You said: fourth message"), "the fourth answer");
    await until(() => !statusBar().includes("working"), "the fourth turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ .*lane high │ \S+ high │/);

    // What the status bar said is what the server received, on one socket.
    const ws = server.requests.filter((r) => r.transport === "ws");
    const bodies = ws.map((r) => r.body as { previous_response_id?: unknown; stream_id?: unknown });
    expect(bodies.map((b) => typeof b.previous_response_id)).toEqual([
      "undefined", // warm-up
      "string",
      "undefined", // the new lane high
      "string", // back to medium
      "string", // back to high
    ]);
    expect(bodies.map((b) => b.stream_id)).toEqual([
      undefined,
      undefined,
      "high",
      undefined,
      "high",
    ]);
    expect(ws[3]?.previousResponseId).toBe(ws[1]?.responseId);
    expect(ws[4]?.previousResponseId).toBe(ws[2]?.responseId);
    expect(new Set(ws.map((r) => r.connectionId)).size).toBe(1);

    // Resizing re-flows: one input box on screen, the status bar within the width.
    const inputBoxes = () =>
      screen()
        .split("\n")
        .filter((line) => line.includes("Ask mini-codex"));
    tmux("resize-window", "-t", PANE, "-x", "35");
    await until(() => statusBar().length > 0 && statusBar().trimEnd().length <= 35, "narrow");
    await until(
      () => inputBoxes().length === 1 && screen().includes("You said: fourth"),
      "re-flow",
    );
    tmux("resize-window", "-t", PANE, "-x", "100");
    await until(() => statusBar().includes("cached"), "the wide status bar again");
    await until(() => inputBoxes().length === 1, "one input box after widening");
    expect(screen()).toContain("You said: fourth message");

    tmux("send-keys", "-t", PANE, "C-c");
    await until(() => screen().includes("Press Ctrl+C again to quit."), "the quit hint");
    tmux("send-keys", "-t", PANE, "C-c");
    await until(() => !alive(), "Ctrl+C twice to quit");
  }, 90_000);
});

if (!hasTmux) {
  describe("TUI in tmux", () => {
    it.skip("skipped: tmux is not installed (apt-get install -y tmux; .ci/run installs it)", () => {});
  });
}
