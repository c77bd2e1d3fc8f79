import type { Key } from "ink";
import { afterEach, describe, expect, it } from "vitest";
import { type MiniCodexConfig, resolveSettings } from "../../src/settings/index.js";
import { runSlashCommand } from "../../src/ui/commands/dispatch.js";
import { TuiController } from "../../src/ui/controller/controller.js";
import { costQuestionAnswer } from "../../src/ui/cost-question.js";
import { type Harness, startHarness } from "../session/harness.js";
import { waitFor } from "./ink-helpers.js";

let h: Harness;
let controller: TuiController | undefined;
afterEach(async () => {
  await controller?.close();
  await h?.close();
});

// Long enough that every prompt is over the provider's 1 024-token cache minimum.
const LONG_INSTRUCTIONS =
  "You are the test agent. Answer briefly and run what you are asked to.\n".repeat(80);

const turnsDone = () => h.events.filter((e) => e.type === "turn_completed").length;

/** The controller on a real session (gpt-5.5, lanes off) that has answered one message. */
async function started(tui: MiniCodexConfig["tui"] = { cost_question_min_usd: 0 }) {
  h = await startHarness({
    instructions: LONG_INSTRUCTIONS,
    settings: { model: "gpt-5.5", effort: "low" },
    providerOverrides: { wsLanes: "off" },
  });
  const c = new TuiController({
    createSession: async () => h.session,
    home: h.home,
    hiddenHomes: [h.home],
    cwd: h.cwd,
    approvalPolicy: "never",
    sandbox: "workspace-write",
    version: "0.0.0-test",
    config: resolveSettings({ tui }),
  });
  controller = c;
  c.start();
  await waitFor(() => c.session !== undefined, "the session");
  c.send("one");
  await waitFor(() => turnsDone() === 1 && !c.busy, "the first turn");
  const question = () => c.store.getState().costQuestion;
  const notices = () =>
    c.store.getState().entries.flatMap((e) => (e.kind === "notice" ? [e.text] : []));
  return { c, question, notices, effort: () => h.session.status().effort };
}

describe("the question before a step that breaks the cached prefix (issue 27, item 4)", () => {
  it("[n] keeps the current effort; [y] switches; going back to a cached effort asks nothing", async () => {
    const t = await started();
    t.c.settings.setEffort("high");
    expect(t.question()?.text).toMatch(
      /^Effort high breaks the cached prefix: the next request ~[\d.]+k in, 0% cached, ~\$0\.0\d+ \(~\$0\.00\d+ keeping the current setting\)\.$/,
    );
    expect(t.effort()).toBe("low"); // nothing changed while it asks
    t.question()?.answer("n");
    expect(t.question()).toBeUndefined();
    expect(t.effort()).toBe("low");
    expect(t.notices().at(-1)).toBe("Kept reasoning effort low.");

    t.c.settings.setEffort("high");
    t.question()?.answer("y");
    expect(t.effort()).toBe("high");
    expect(t.notices().at(-1)).toContain("Reasoning effort: high");
    // low's prefix is still cached (and high has none yet): no question
    t.c.settings.setEffort("low");
    expect(t.question()).toBeUndefined();
    expect(t.effort()).toBe("low");
  });

  it("[a] switches and asks no more this session", async () => {
    const t = await started();
    t.c.settings.setEffort("medium");
    t.question()?.answer("a");
    expect(t.effort()).toBe("medium");
    t.c.send("two"); // medium's prefix is cached now
    await waitFor(() => !t.c.busy && turnsDone() === 2, "the second turn");
    t.c.settings.setEffort("high");
    expect(t.question()).toBeUndefined();
    expect(t.effort()).toBe("high");
  });

  it("/compact asks with the compaction's predicted cost; [n] compacts nothing", async () => {
    const t = await started();
    const before = h.session.history().length;
    runSlashCommand("/compact", t.c);
    await waitFor(() => t.question() !== undefined, "the question");
    expect(t.question()?.text).toMatch(
      /^\/compact sends the conversation once more to be compacted: ~[\d.]+k in, \d+% cached, ~\$/,
    );
    t.question()?.answer("n");
    await waitFor(() => t.notices().includes("Not compacted."), "the answer");
    expect(h.session.history().length).toBe(before);
  });

  it("below the minimum, or with the question off, the switch goes through unasked", async () => {
    const t = await started({ cost_question_min_usd: 1 });
    t.c.settings.setEffort("high");
    expect(t.question()).toBeUndefined();
    expect(t.effort()).toBe("high");
    await t.c.close();
    await h.close();
    const off = await started({ cost_question: false, cost_question_min_usd: 0 });
    off.c.settings.setEffort("high");
    expect(off.question()).toBeUndefined();
    expect(off.effort()).toBe("high");
  });

  it("Enter is y, Esc is n, y/n/a answer, anything else does nothing", () => {
    const key = (k: Partial<Key>) => k as Key;
    expect(costQuestionAnswer("\r", key({ return: true }))).toBe("y");
    expect(costQuestionAnswer("", key({ escape: true }))).toBe("n");
    expect(costQuestionAnswer("a", key({}))).toBe("a");
    expect(costQuestionAnswer("x", key({}))).toBeUndefined();
  });
});
