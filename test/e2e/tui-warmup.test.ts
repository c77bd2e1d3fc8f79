import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "./helpers.js";
import { hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 46: no warm-up is sent until the person starts typing a message, so resuming a session
// and quitting at once sends nothing (counted at the demo server and in the ledger); once they
// type, the warm-up goes out, and what it was billed has a line of its own in /status, the exit
// summary and `mini-codex ledger`.

/** Ctrl+C twice; the pane (remain-on-exit) keeps what the TUI printed last. */
async function quit(pane: Pane): Promise<void> {
  pane.keys("C-c");
  await pane.until(() => pane.screen().includes("Ctrl+C again"), "the quit hint");
  pane.keys("C-c");
  await pane.until(() => !pane.alive(), "the TUI to quit");
}

const isWarmup = (body: unknown) => (body as { generate?: boolean }).generate === false;

describe.skipIf(!hasTmux)("TUI in tmux: the warm-up waits for the person", () => {
  const tui = useTuiWorld();

  it("resume then Ctrl+C twice sends no request; typing sends the warm-up, billed on a line of its own", async () => {
    const { world, server } = tui;
    const made = await runCli(
      ["exec", "--json", "-c", `openai_base_url="${server.baseUrl}"`, "-C", world.repo, "hello"],
      { env: world.env() },
    );
    expect(made.code, made.stderr).toBe(0);
    const id = String(jsonLines(made.stdout).find((e) => e.type === "thread.started")?.thread_id);
    const ledger = join(world.home, "sessions", `${id}.ledger.jsonl`);
    const rows = () => (existsSync(ledger) ? readFileSync(ledger, "utf8").trim().split("\n") : []);
    const rowsBefore = rows().length;
    const requestsBefore = server.requests.length;

    const idle = tui.open(["resume", id], 110, 40);
    await idle.until(() => idle.screen().includes(`Resumed session ${id}`), "the resumed session");
    await quit(idle);
    expect(idle.joinedScreen()).toContain("Tokens: input 0 (cached 0) · output 0 · 0 requests");
    expect(server.requests.length).toBe(requestsBefore);
    expect(rows().length).toBe(rowsBefore);
    idle.kill();

    const typing = tui.open(["resume", id], 110, 40);
    await typing.until(() => typing.screen().includes(`Resumed session ${id}`), "resumed again");
    // a slash command taking shape is not a message: nothing goes out for it
    typing.literal("/stat");
    typing.keys("C-u");
    typing.literal("what did I say");
    await typing.until(() => server.requests.length > requestsBefore, "the warm-up");
    expect(server.requests.slice(requestsBefore).map((r) => isWarmup(r.body))).toEqual([true]);
    typing.keys("Enter");
    await typing.until(() => typing.screen().includes("You said: what did I say"), "the answer");
    await typing.until(() => typing.idle(), "the turn to end");
    typing.type("/status");
    await typing.until(() => typing.screen().includes("warm-up      1 request"), "/status");
    expect(typing.joinedScreen()).toMatch(
      /warm-up {6}1 request, input [\d,]+ \(cached [\d,]+\), \$/,
    );
    await quit(typing);
    expect(typing.joinedScreen()).toMatch(
      /^Warm-up: 1 request, input [\d,]+ \(cached [\d,]+\), \$/m,
    );
    typing.kill();

    const summary = await runCli(["ledger", id], { env: world.env() });
    expect(summary.stdout).toMatch(/^warm-up: 1 request, input [\d,]+ \(cached [\d,]+\), \$/m);
    expect(summary.stdout).toContain("requests 3 over 2 turn(s), 1 warm-up");
  }, 120_000);
});
