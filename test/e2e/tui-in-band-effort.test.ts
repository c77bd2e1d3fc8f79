import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLedger } from "../../src/session/store/ledger-file.js";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

type Body = {
  reasoning?: { effort?: string };
  input?: Array<{ type?: string; reasoning?: { effort?: string } }>;
};

// Issue 22's done-when in a real terminal: on gpt-6-astra an effort switch rides in-band.
describe.skipIf(!hasTmux)("TUI in tmux: in-band effort changes on gpt-6-astra", () => {
  const tui = useTuiWorld();

  it("medium → high → medium → high: every request chained, request-level effort constant, one configuration_update per switch, the prefix cached", async () => {
    // wide enough for the whole status bar: with a `next:` preview a narrow one drops the model
    const p = tui.open(["-m", "gpt-6-astra", "--effort", "medium"], 200);
    await p.until(() => p.statusBar().includes("gpt-6-astra medium"), "the status bar");
    const say = async (text: string) => {
      p.type(text);
      await p.until(() => p.screen().includes(`You said: ${text}`), `the answer to ${text}`);
      await p.until(() => p.idle(), `the turn of ${text} to end`);
    };
    const first = tui.server.requests.length;
    await say("first message");
    for (const [effort, text] of [
      ["high", "second message"],
      ["medium", "third message"],
      ["high", "fourth message"],
    ] as const) {
      p.type(`/effort ${effort}`);
      // the status bar, not the notice: "Reasoning effort: high" is on screen from the first switch
      await p.until(() => p.statusBar().includes(`gpt-6-astra ${effort}`), `effort ${effort}`);
      await say(text);
    }
    await p.until(() => p.statusBar().includes("in-band"), "the in-band label");
    const sent = tui.server.requests.slice(first);
    // after the session's first request, every request continues the chain
    expect(sent.slice(1).every((r) => r.previousResponseId !== undefined)).toBe(true);
    const bodies = sent.map((r) => r.body as Body);
    expect(new Set(bodies.map((b) => b.reasoning?.effort))).toEqual(new Set(["medium"]));
    const updates = bodies.flatMap((b) =>
      (b.input ?? []).filter((item) => item.type === "configuration_update"),
    );
    expect(updates.map((u) => u.reasoning?.effort)).toEqual(["high", "medium", "high"]);
    // the ledger: each switch request kept ≥ 90% of its input cached
    const dir = join(tui.world.home, "sessions");
    const ledger = readdirSync(dir).find((name) => name.endsWith(".ledger.jsonl")) as string;
    const switches = readLedger(join(dir, ledger)).rows.filter((row) => row.effort_update);
    expect(switches.map((row) => row.effort_update)).toEqual(["high", "medium", "high"]);
    for (const row of switches) {
      expect(row.mode).toBe("ws_incremental");
      const usage = row.usage ?? { cached_tokens: 0, input_tokens: 1 };
      expect(usage.cached_tokens / usage.input_tokens).toBeGreaterThanOrEqual(0.9);
    }
  }, 90_000);
});
