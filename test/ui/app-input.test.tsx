import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";

afterEach(unmountAll);

async function ledgerHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), "mini-codex-ui-"));
  await mkdir(join(home, "sessions"));
  return home;
}

const ledgerRow = (seq: number, mode: string, reason: string | null, prev: boolean, bytes = 900) =>
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
    bytes_sent: bytes,
    usage: { input_tokens: 1200, cached_tokens: 1024, output_tokens: 9, reasoning_tokens: 0 },
    ms_to_first_event: 3,
    ms_total: 12.4,
    outcome: "completed",
  });
describe("App: input and ledger", () => {
  it("Ctrl+C clears the input, then quits and closes the session (keys in one chunk too)", async () => {
    const app = launch((_t, s) => s.answer("ok"));
    await ready(app.frame);
    await app.type("draft text");
    app.ui.stdin.write("\u0003");
    await waitFor(() => !app.frame().includes("draft text"), "the input to clear");
    // The next Ctrl+C quits: the person is told so.
    await waitFor(
      () => app.frame().includes("Input cleared. Press Ctrl+C again to quit."),
      "the quit hint",
    );
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

  it("keys typed ahead in one read act one by one: a message, a steer, then Ctrl+T opens the pager", async () => {
    const app = launch((text, s) => s.answer(`echo: ${text}`));
    await ready(app.frame);
    app.ui.stdin.write("first typed\rsecond typed\r\u0014");
    await waitFor(() => app.sessions[0]?.sent.length === 1, "the send");
    // the second Enter came while the first turn ran: it steers that turn, as typed apart
    const session = app.sessions[0];
    expect([...(session?.sent ?? []), ...(session?.steered ?? [])]).toEqual([
      "first typed",
      "second typed",
    ]);
    await waitFor(
      () => /transcript/i.test(app.frame()) && app.frame().includes("Esc"),
      "the pager",
    );
    expect(app.frame()).not.toContain("^T");
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
    const home = await ledgerHome();
    await writeFile(
      join(home, "sessions", "sess_test.ledger.jsonl"),
      `${ledgerRow(1, "ws_full", "no_baseline", false)}\n${ledgerRow(2, "ws_full", "properties_changed:reasoning", false)}\n${ledgerRow(3, "ws_incremental", null, true)}\n`,
    );
    const app = launch((_t, s) => s.answer("ok"), { home });
    await ready(app.frame);
    await app.submit("/ledger 2");
    await waitFor(() => app.frame().includes("Ledger (last 2)"), "the ledger table");
    const frame = app.frame();
    expect(frame).toMatch(/seq\s+turn\s+mode\s+prev\s+items.*outcome\s+reason/);
    expect(frame).toMatch(/2\s+2\s+ws_full\s+–\s+6\/6.*completed\s+properties_changed:reasoning/);
    expect(frame).toMatch(
      /3\s+3\s+ws_incremental\s+✓\s+1\/6\s+900\s+1200\s+1024\s+9\s+12\s+completed$/m,
    );
    expect(frame).not.toContain("no_baseline");
  });

  it("/ledger on an 80-column terminal: every column but the reason shows whole, nothing wraps", async () => {
    const home = await ledgerHome();
    await writeFile(
      join(home, "sessions", "sess_test.ledger.jsonl"),
      `${ledgerRow(1, "ws_incremental", null, true)}\n${ledgerRow(2, "ws_full", "properties_changed:reasoning,include", false, 212231)}\n`,
    );
    const app = launch((_t, s) => s.answer("ok"), { home });
    await ready(app.frame);
    Object.defineProperty(app.ui.stdout, "columns", { get: () => 80, configurable: true });
    app.ui.stdout.emit("resize");
    await app.submit("/ledger");
    await waitFor(() => app.frame().includes("Ledger (last 2)"), "the ledger table");
    const lines = app.frame().split("\n");
    const title = lines.findIndex((line) => line.startsWith("Ledger (last 2)"));
    // the title names the ledger's file (under $TMPDIR, of any length): it may take two lines
    const header = lines.findIndex((line) => line.startsWith("seq"));
    expect(header).toBeGreaterThan(title);
    // The header and two rows, each on one line.
    expect(lines[header]).toMatch(/^seq\s+turn\s+mode\s+.*\bms\s+outcome\s+reas/);
    expect(lines[header + 1]).toMatch(
      /^1\s+1\s+ws_incremental\s+✓\s+1\/6\s+900\s.*\s12\s+completed$/,
    );
    expect(lines[header + 2]).toMatch(
      /^2\s+2\s+ws_full\s+–\s+6\/6\s+212231\s.*\s12\s+completed\s+prop/,
    );
    for (const line of lines.slice(header, header + 3)) expect(line.length).toBeLessThanOrEqual(80);
  });

  it("Esc with messages queued stops the turn and gives them back to the input unsent", async () => {
    const app = launch(async (text, s) => {
      if (text === "slow one")
        await new Promise<void>((resolve) => s.signal.addEventListener("abort", () => resolve()));
      else await s.answer(`done: ${text}`);
    });
    await ready(app.frame);
    await app.submit("slow one");
    await waitFor(() => app.sessions[0]?.sent.length === 1, "the first send");
    await app.queue("queued one");
    await app.queue("queued two");
    await waitFor(() => app.frame().includes("queued › queued two"), "the queued lines");
    app.ui.stdin.write("\u001b");
    await waitFor(() => app.frame().includes("Interrupted."), "the interrupt notice");
    await waitFor(() => /│ › queued one\s*│\n│\s+queued two/.test(app.frame()), "the input");
    expect(app.frame()).not.toContain("queued › ");
    expect(app.sessions[0]?.sent).toEqual(["slow one"]);
    // Enter sends them as one message.
    app.ui.stdin.write("\r");
    await waitFor(() => app.frame().includes("done: queued one"), "the answer");
    expect(app.sessions[0]?.sent).toEqual(["slow one", "queued one\nqueued two"]);
  });

  it("a long paste collapses to one placeholder, Ctrl+X expands it (scrolling inside the input)", async () => {
    const app = launch((text, s) => s.answer(`got ${text.split("\n").length} lines`));
    Object.defineProperty(app.ui.stdout, "rows", { get: () => 24, configurable: true });
    await ready(app.frame);
    const pasted = Array.from({ length: 40 }, (_, i) => `pasted line ${i + 1}`).join("\n");
    app.ui.stdin.write(`\u001b[200~${pasted}\u001b[201~`);
    const label = `[Pasted ${pasted.length} chars]`;
    await waitFor(() => app.frame().includes(`› ${label}`), "the placeholder");
    expect(app.frame()).not.toContain("pasted line");
    app.ui.stdin.write("\u0018");
    await waitFor(() => app.frame().includes("pasted line 40"), "the expanded paste");
    const lines = app.frame().split("\n");
    const top = lines.findIndex((line) => /^╭/.test(line) && lines.indexOf(line) > 5);
    expect(lines.length - top).toBeLessThanOrEqual(20);
    expect(app.frame()).toMatch(/↑ \d+ more lines/);
    expect(app.frame()).not.toMatch(/pasted line 1 +│/);
    app.ui.stdin.write("\r");
    await waitFor(() => app.frame().includes("got 40 lines"), "the whole message sent");
  });

  it("a collapsed paste is sent whole, and Backspace removes the placeholder at once", async () => {
    const sent: string[] = [];
    const app = launch((text, s) => {
      sent.push(text);
      return s.answer("ok");
    });
    await ready(app.frame);
    const big = "x".repeat(1500);
    app.ui.stdin.write(`\u001b[200~${big}\u001b[201~`);
    await waitFor(() => app.frame().includes("[Pasted 1 500 chars]"), "the placeholder");
    app.ui.stdin.write("\u007f");
    await waitFor(() => !app.frame().includes("[Pasted"), "the placeholder removed");
    await app.type("see: ");
    app.ui.stdin.write(`\u001b[200~${big}\u001b[201~`);
    await waitFor(() => app.frame().includes("see: [Pasted 1 500 chars]"), "the placeholder again");
    app.ui.stdin.write("\r");
    await waitFor(() => sent.length === 1, "the message");
    expect(sent[0]).toBe(`see: ${big}`);
  });
});
