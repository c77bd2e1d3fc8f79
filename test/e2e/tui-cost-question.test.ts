import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLedger } from "../../src/session/store/ledger-file.js";
import { chatThenQuit, hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 27's done-when in a real terminal: an effort change that breaks the cached prefix
// (gpt-5.5 takes no in-band update; ws_lanes "off": no lane holds it) is priced and asked once.
describe.skipIf(!hasTmux)("TUI in tmux: the question before a costly switch", () => {
  const tui = useTuiWorld();
  /** gpt-5.5 at effort low, no lanes, every costly step asked about. */
  const openCostly = () =>
    tui.open(
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

  it("/effort high asks with a predicted cost within 10% of the cost then recorded", async () => {
    const p = openCostly();
    await p.until(() => p.statusBar().includes("gpt-5.5 low"), "the status bar");
    p.type("first message");
    await p.until(() => p.screen().includes("You said: first message"), "the first answer");
    await p.until(() => p.idle(), "the turn's end");
    p.type("/effort high");
    await p.until(() => p.screen().includes("[a] don't ask again this session"), "the question");
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
    await chatThenQuit(p);
  }, 90_000);

  // issue 37 item 1: after every answer the keys are the composer's again, and the answer's key
  // never reaches it (a leaked "n" would make the next message "nafter n")
  it("each answer hands the keys back: n and Esc keep the effort, a switches and stops asking", async () => {
    const p = openCostly();
    const QUESTION = "[a] don't ask again this session";
    const asked = async (effort: string) => {
      p.type(`/effort ${effort}`);
      await p.until(() => p.screen().includes(QUESTION), `the question before effort ${effort}`);
    };
    const answered = async (pane: Pane, message: string) => {
      await pane.until(() => !pane.screen().includes(QUESTION) && pane.idle(), "the question gone");
      pane.type(message);
      await pane.until(
        () => pane.screen().includes(`You said: ${message}`),
        `"${message}" answered`,
      );
      await pane.until(() => pane.idle(), "the turn's end");
    };
    await p.until(() => p.statusBar().includes("gpt-5.5 low"), "the status bar");
    await answered(p, "first message");
    for (const [key, message] of [
      ["n", "after n"],
      ["Escape", "after esc"],
    ] as const) {
      await asked("high");
      if (key === "n") p.literal(key);
      else p.keys(key);
      await answered(p, message);
      expect(p.statusBar()).toContain("gpt-5.5 low");
    }
    expect(p.screen()).toContain("Kept reasoning effort low.");
    await asked("high");
    p.literal("a");
    await p.until(() => p.screen().includes("Reasoning effort: high"), "the switch");
    await answered(p, "after a");
    // [a]: the next costly switch goes on without a question
    p.type("/effort medium");
    await p.until(() => p.screen().includes("Reasoning effort: medium"), "the switch, unasked");
    await chatThenQuit(p, "after medium");
  }, 120_000);
});
