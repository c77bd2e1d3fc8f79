import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { userMessage } from "../../src/protocol/items.js";
import type { ApprovalDecision } from "../../src/tools/types.js";
import { runSlashCommand } from "../../src/ui/commands/dispatch.js";
import { approvalKeys } from "../../src/ui/input/approval-keys.js";
import { historyEntries } from "../../src/ui/model/history-entries.js";
import { PNG_DATA_URL } from "../tools/images.js";
import { NO_KEY, started } from "./controller-harness.js";
import { waitFor } from "./ink-helpers.js";

// Issue 26: the screen's behaviours that belong to the controller (no rendering).
describe("TuiController: the approval feedback field", () => {
  const request = {
    kind: "command" as const,
    callId: "call_1",
    command: "rm -rf build",
    workdir: "/tmp",
    suggestedPrefix: [],
  };
  const key = (extra: Partial<Key> = {}) => ({ ...NO_KEY, ...extra }) as Key;

  it("[f] takes text and Enter arriving in one chunk (a paste, fast typing), like the composer", async () => {
    const decisions: ApprovalDecision[] = [];
    const t = await started(async (_text, s) => {
      const decision = await s.hooks.approve?.(request);
      if (decision) decisions.push(decision);
    });
    t.controller.send("clean up");
    await waitFor(() => t.state().approvals.length === 1, "the approval");
    const pending = t.state().approvals[0]!;
    const terminal = { rows: 30, columns: 100 };
    approvalKeys(t.controller, pending, "f", key(), terminal);
    expect(t.state().prompt.feedback).toBe("");
    approvalKeys(t.controller, pending, "use make clean", key(), terminal);
    approvalKeys(t.controller, pending, " instead\r", key(), terminal);
    await waitFor(() => decisions.length === 1, "the denial");
    expect(decisions).toEqual([{ kind: "deny", feedback: "use make clean instead" }]);
  });
});

describe("Ctrl+R: a reverse search through the messages sent", () => {
  it("finds the latest match, Ctrl+R again an older one, Enter puts it in the composer, Esc restores", async () => {
    const t = await started((text, s) => s.answer(`You said: ${text}`));
    const key = (extra: Partial<Key> = {}) => ({ ...NO_KEY, ...extra }) as Key;
    for (const text of ["alpha one", "beta two", "alpha three"]) {
      t.composer.handle(`${text}\r`, key());
      await waitFor(() => !t.controller.busy && t.session().sent.includes(text), text);
    }
    t.composer.handle("draft", key());
    t.composer.handle("r", key({ ctrl: true }));
    t.composer.handle("alp", key());
    expect(t.composer.current().text).toBe("alpha three");
    expect(t.composer.search()?.query).toBe("alp");
    t.composer.handle("\u0012", key());
    expect(t.composer.current().text).toBe("alpha one");
    t.composer.handle("", key({ escape: true }));
    expect(t.composer.current().text).toBe("draft");
    expect(t.composer.search()).toBeUndefined();

    t.composer.handle("u", key({ ctrl: true }));
    t.composer.handle("r", key({ ctrl: true }));
    t.composer.handle("beta", key());
    t.composer.handle("\r", key({ return: true }));
    expect(t.composer.current().text).toBe("beta two");
    expect(t.session().sent).toHaveLength(3); // Enter took the match for editing, sent nothing
    t.composer.handle(" again\r", key());
    await waitFor(() => t.session().sent.includes("beta two again"), "the edited message");
  });
});

describe("steered and queued messages wait in their own area", () => {
  function hold() {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { release, held };
  }

  it("a steer sent mid-answer is shown after that answer, with the request that carries it", async () => {
    const gate = hold();
    const t = await started(async (text, s) => {
      if (text !== "first") return s.answer(`done: ${text}`);
      s.emit({ type: "request_started", request: s.request("ws_incremental") });
      s.emit({ type: "text_delta", itemId: "m1", delta: "part one\npart" });
      await gate.held;
      s.emit({ type: "text_delta", itemId: "m1", delta: " two\n" });
      s.emit({
        type: "item_completed",
        item: { type: "message", role: "assistant", id: "m1", content: [] },
      });
      await s.answer("after the steer");
    });
    t.controller.send("first");
    await waitFor(() => t.state().entries.some((e) => e.kind === "agent"), "part one");
    t.controller.steer("also this");
    expect(t.state().steers.map((m) => m.text)).toEqual(["also this"]);
    expect(t.state().entries.some((e) => e.kind === "user" && e.steered)).toBe(false);
    gate.release();
    await waitFor(() => !t.controller.busy, "the turn to end");
    const shown = t
      .state()
      .entries.flatMap((e) =>
        e.kind === "agent" ? e.lines : e.kind === "user" ? [`› ${e.text}`] : [],
      );
    expect(shown).toEqual(["› first", "part one", "part two", "› also this", "after the steer"]);
    expect(t.state().steers).toEqual([]);
  });

  it("Up on an empty composer takes the last queued message, then the last steer, back to edit", async () => {
    const gate = hold();
    const t = await started(async (text, s) => {
      if (text === "first") await gate.held;
      await s.answer(`done: ${text}`);
    });
    const key = (extra: Partial<Key> = {}) => ({ ...NO_KEY, ...extra }) as Key;
    t.controller.send("first");
    await waitFor(() => t.controller.busy, "the turn");
    t.controller.steer("steer me");
    t.controller.send("queued later");
    expect(t.state().queue.map((m) => m.text)).toEqual(["queued later"]);
    t.composer.handle("", key({ upArrow: true }));
    expect(t.composer.current().text).toBe("queued later");
    expect(t.state().queue).toEqual([]);
    t.composer.handle("u", key({ ctrl: true }));
    t.composer.handle("", key({ upArrow: true }));
    expect(t.composer.current().text).toBe("steer me");
    expect(t.state().steers).toEqual([]);
    expect(t.session().steered).toEqual([]); // taken back from the session: never sent
    gate.release();
    await waitFor(() => !t.controller.busy, "the turn to end");
    expect(t.state().entries.some((e) => e.kind === "user" && e.text === "steer me")).toBe(false);
  });
});

describe("/compact", () => {
  it("says it compacted once, after the summary", async () => {
    const t = await started((text, s) => s.answer(`You said: ${text}`));
    const s = t.session();
    s.compact = async () => {
      await s.answer("Summary: we talked.");
      const facts = { auto: false, kind: "local" as const, trigger: "manual" as const };
      s.emit({
        type: "compacted",
        ...facts,
        itemsBefore: 6,
        itemsAfter: 2,
        inputTokensBefore: 900,
      });
      return { ok: true, aborted: false };
    };
    runSlashCommand("/compact", t.controller);
    await waitFor(() => t.notices().some((n) => n.includes("compacted")), "the notice");
    await waitFor(() => !t.controller.busy, "the compaction to end");
    const shown = t
      .state()
      .entries.flatMap((e) => (e.kind === "agent" ? e.lines : e.kind === "notice" ? [e.text] : []));
    const compacted = shown.filter((line) => /compacted/i.test(line));
    expect(compacted).toHaveLength(1);
    expect(shown.indexOf(compacted[0] as string)).toBeGreaterThan(
      shown.indexOf("Summary: we talked."),
    );
  });
});

describe("-i images in the live transcript", () => {
  it("the first message shows its -i images as a resume of it shows them", async () => {
    const image = { url: PNG_DATA_URL, mention: "[image: shots/screen.png]" };
    const t = await started((text, s) => s.answer(`You said: ${text}`), {
      initialImages: [image],
    });
    t.controller.send("what is on this screen?");
    await waitFor(() => !t.controller.busy, "the turn");
    const live = t.state().entries.find((e) => e.kind === "user");
    const resumed = historyEntries([userMessage("what is on this screen?", [image])])[0];
    expect(live?.kind === "user" && live.text).toContain("[image: shots/screen.png]");
    expect(live && { kind: live.kind, text: live.kind === "user" ? live.text : "" }).toEqual(
      resumed,
    );
  });
});
