import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLedger } from "../../src/session/ledger.js";
import { chatThenQuit, hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 27's done-when in a real terminal: an effort change that breaks the cached prefix
// (gpt-5.5 takes no in-band update; ws_lanes "off": no lane holds it) is priced and asked once.
describe.skipIf(!hasTmux)("TUI in tmux: the question before a costly switch", () => {
  const tui = useTuiWorld();

  /** gpt-5.5 at effort low, one message answered, then `/effort high`: the question is up. */
  async function askedBeforeEffortHigh() {
    const p = tui.open(
      [
        "-m",
        "gpt-5.5",
        "--effort",
        "low",
        "-c",
        'ws_lanes="off"',
        "-c",
        "tui.cost_question_min_usd=0",
      ],
      120,
    );
    await p.until(() => p.statusBar().includes("gpt-5.5 low"), "the status bar");
    p.type("first message");
    await p.until(() => p.screen().includes("You said: first message"), "the first answer");
    await p.until(() => p.idle(), "the turn's end");
    p.type("/effort high");
    await p.until(() => p.screen().includes("[a] don't ask again this session"), "the question");
    return p;
  }

  it("/effort high asks with a predicted cost within 10% of the cost then recorded", async () => {
    const p = await askedBeforeEffortHigh();
    const asked =
      /Effort high breaks the cached prefix: the next request ~[\d.]+k in, 0% cached, ~\$([\d.]+)/.exec(
        p.screen().replace(/\s*\n\s*│?\s*/g, " "),
      );
    expect(asked, p.screen()).not.toBeNull();
    const predicted = Number(asked?.[1]);
    p.keys("Enter");
    await p.until(() => p.screen().includes("Reasoning effort: high"), "the switch");
    p.type("second message");
    await p.until(() => p.screen().includes("You said: second message"), "the second answer");
    const dir = join(tui.world.home, "sessions");
    // the answer shows while it streams: its ledger row is written once the response completed
    const switchedRow = () => {
      const ledger = readdirSync(dir).find((name) => name.endsWith(".ledger.jsonl")) as string;
      return readLedger(join(dir, ledger)).rows.find(
        (row) => row.turn === 2 && row.outcome === "completed",
      );
    };
    await p.until(() => switchedRow() !== undefined, "the switched request's ledger row");
    const switched = switchedRow();
    expect(switched?.usage?.cached_tokens).toBe(0);
    const recorded = switched?.cost_usd ?? 0;
    expect(Math.abs(predicted - recorded), `${predicted} vs ${recorded}`).toBeLessThanOrEqual(
      0.1 * recorded,
    );
  }, 90_000);

  it.each([
    { answer: "n (Esc)", key: "Escape", after: "Kept reasoning effort low." },
    { answer: "a", key: "a", after: "Reasoning effort: high" },
  ])(
    "answered $answer, the composer takes keys again: a message, then Ctrl+C twice",
    async ({ key, after }) => {
      const p = await askedBeforeEffortHigh();
      p.keys(key);
      await p.until(() => p.screen().includes(after), "the answer taken");
      expect(p.screen()).not.toContain("[a] don't ask again this session");
      await chatThenQuit(p, "after the cost question");
    },
    90_000,
  );
});
