import { describe, expect, it } from "vitest";
import type { ApprovalDecision } from "../../src/tools/types.js";
import { runSlashCommand } from "../../src/ui/commands/dispatch.js";
import { gate, started } from "./controller-harness.js";
import { waitFor } from "./ink-helpers.js";

describe("TuiController: turns, the queue and steering", () => {
  it("a message sent while a turn runs waits in the queue and goes after it, in order", async () => {
    const first = gate();
    const t = await started(async (text, s) => {
      if (text === "slow") await first.opened;
      await s.answer(`done: ${text}`);
    });
    t.controller.send("slow");
    expect(t.controller.busy).toBe(true);
    t.controller.send("second");
    t.controller.send("third");
    expect(t.state().queue.map((m) => m.text)).toEqual(["second", "third"]);
    expect(t.state().status.queued).toBe(2);
    expect(t.session().sent).toEqual(["slow"]);
    first.open();
    await waitFor(() => t.session().sent.length === 3 && !t.controller.busy, "the queue to run");
    expect(t.session().sent).toEqual(["slow", "second", "third"]);
    expect(t.state().queue).toEqual([]);
    expect(t.state().status.queued).toBe(0);
  });

  it("Enter during a turn steers into it; when no turn runs it is a message of its own", async () => {
    const turn = gate();
    const t = await started(async (text, s) => {
      if (text === "first") await turn.opened;
      await s.answer("ok");
    });
    t.controller.steer("first");
    await waitFor(() => t.session().sent.length === 1, "the first turn");
    t.controller.steer("also the tests");
    expect(t.session().steered).toEqual(["also the tests"]);
    expect(t.state().steers.map((m) => m.text)).toEqual(["also the tests"]);
    turn.open();
    await waitFor(() => !t.controller.busy, "the turn to end");
    expect(t.state().entries.some((e) => e.kind === "user" && e.steered)).toBe(true);
    t.controller.steer("a new turn");
    await waitFor(() => t.session().sent.length === 2, "the second turn");
    expect(t.session().sent).toEqual(["first", "a new turn"]);
    expect(t.session().steered).toEqual(["also the tests"]);
  });

  it("an interrupt stops the turn and gives the queue back to the input, unsent", async () => {
    const t = await started(async (_text, s) => {
      await new Promise<void>((resolve) => s.signal.addEventListener("abort", () => resolve()));
    });
    t.controller.send("long turn");
    t.controller.send("queued one");
    t.controller.send("queued two");
    t.controller.interrupt();
    await waitFor(() => !t.controller.busy, "the turn to stop");
    expect(t.session().aborted).toBe(1);
    expect(t.session().sent).toEqual(["long turn"]);
    expect(t.state().queue).toEqual([]);
    expect(t.composer.current().text).toBe("queued one\nqueued two");
    expect(t.notices()).toContain("Interrupted.");
  });
});

describe("TuiController: approvals", () => {
  const request = {
    kind: "command" as const,
    callId: "call_1",
    command: "touch made.txt",
    workdir: "/tmp",
    suggestedPrefix: [],
  };

  it("a request waits in the store until the person answers it, then the session gets the answer", async () => {
    const decisions: ApprovalDecision[] = [];
    const t = await started(async (_text, s) => {
      const decision = await s.hooks.approve?.(request);
      if (decision) decisions.push(decision);
      await s.answer("ran it");
    });
    t.controller.send("make a file");
    await waitFor(() => t.state().approvals.length === 1, "the approval");
    expect(t.controller.approvals.current()?.request).toEqual(request);
    t.controller.set({ prompt: { choice: 1, diffOffset: 0 } });
    t.controller.approvals.decide(t.state().approvals[0]!, { kind: "approve" });
    await waitFor(() => !t.controller.busy, "the turn to end");
    expect(decisions).toEqual([{ kind: "approve" }]);
    expect(t.state().approvals).toEqual([]);
    expect(t.state().prompt).toEqual({ choice: 0, diffOffset: 0 });
    expect(t.notices()).toContain("Approved once: touch made.txt");
  });

  it("an interrupt denies every waiting approval", async () => {
    const decisions: string[] = [];
    const t = await started(async (_text, s) => {
      const answers = await Promise.all([s.hooks.approve?.(request), s.hooks.approve?.(request)]);
      for (const answer of answers) decisions.push(answer?.kind ?? "none");
    });
    t.controller.send("two calls");
    await waitFor(() => t.state().approvals.length === 2, "both approvals");
    t.controller.interrupt();
    await waitFor(() => decisions.length === 2, "the answers");
    expect(decisions).toEqual(["deny", "deny"]);
    expect(t.state().approvals).toEqual([]);
  });
});

describe("TuiController: effort and model", () => {
  it("every way of setting the effort takes the same path and prints the same notice", async () => {
    const t = await started((_text, s) => s.answer("ok"));
    t.controller.settings.setEffort("high");
    expect(t.session().status().effort).toBe("high");
    runSlashCommand("/effort low", t.controller);
    await waitFor(() => t.session().status().effort === "low", "/effort low");
    t.controller.settings.openEffortPicker();
    t.state().picker?.spec.onPick("medium");
    expect(t.session().status().effort).toBe("medium");
    expect(t.notices().filter((n) => n.startsWith("Reasoning effort:"))).toEqual([
      "Reasoning effort: high (applies to the next request).",
      "Reasoning effort: low (applies to the next request).",
      "Reasoning effort: medium (applies to the next request).",
    ]);
    t.controller.settings.setEffort("extreme");
    expect(t.session().status().effort).toBe("medium");
    expect(t.notices().at(-1)).toMatch(/^Unknown effort "extreme"\. Use one of: /);
  });

  it("/model typed gives the same effort as picking the model; a model without efforts has none", async () => {
    const t = await started((_text, s) => s.answer("ok"));
    runSlashCommand("/model gpt-4.1", t.controller);
    await waitFor(() => t.session().status().model === "gpt-4.1", "the typed model");
    expect(t.session().status().effort).toBeUndefined();
    expect(t.notices().at(-1)).toBe("Model: gpt-4.1 (applies to the next request).");

    t.controller.settings.setModel("gpt-5-codex");
    t.controller.settings.openModelPicker();
    const picked = t.state().picker;
    picked?.spec.onPick("gpt-4.1");
    // no effort to ask for: the model applies at once, no second picker
    expect(t.state().picker).toBe(picked);
    expect(t.session().status()).toMatchObject({ model: "gpt-4.1", effort: undefined });

    // a reasoning model keeps the effort if it takes it, else starts on its default
    t.controller.settings.setModel("gpt-5");
    expect(t.session().status().effort).toBe("medium");
    t.controller.settings.setEffort("minimal");
    t.controller.settings.setModel("gpt-5-codex");
    expect(t.session().status().effort).toBe("medium");
  });

  it("the model picker then offers only the chosen model's efforts", async () => {
    const t = await started((_text, s) => s.answer("ok"));
    t.controller.settings.openModelPicker();
    expect(t.state().picker?.spec.options[0]).toBe("demo-model");
    t.state().picker?.spec.onPick("gpt-5-codex");
    expect(t.state().picker?.spec.title).toBe("Reasoning effort for gpt-5-codex");
    expect(t.state().picker?.spec.options).toEqual(["low", "medium", "high"]);
    t.state().picker?.spec.onPick("high");
    expect(t.session().status()).toMatchObject({ model: "gpt-5-codex", effort: "high" });
    expect(t.notices().at(-1)).toBe(
      "Model: gpt-5-codex, effort high (applies to the next request).",
    );
  });

  it("Alt+E cycles only the model's efforts; Alt+, and Alt+. step down and up and stop at the ends", async () => {
    const t = await started((_text, s) => s.answer("ok"));
    t.controller.settings.setModel("gpt-5-codex", "high");
    t.controller.settings.stepEffort(1, true);
    expect(t.session().status().effort).toBe("low");
    t.controller.settings.stepEffort(-1);
    expect(t.session().status().effort).toBe("low");
    expect(t.state().hint).toBe("Reasoning effort low is the lowest gpt-5-codex takes.");
    t.controller.settings.stepEffort(1);
    t.controller.settings.stepEffort(1);
    expect(t.session().status().effort).toBe("high");
    t.controller.settings.stepEffort(1);
    expect(t.session().status().effort).toBe("high");
    expect(t.state().hint).toBe("Reasoning effort high is the highest gpt-5-codex takes.");
    t.controller.settings.setModel("gpt-4.1");
    t.controller.settings.stepEffort(1, true);
    expect(t.session().status().effort).toBeUndefined();
    expect(t.state().hint).toBe("gpt-4.1 takes no reasoning effort.");
  });
});

describe("TuiController: quitting", () => {
  it("Ctrl+C arms, a second one quits: the session closes and the summary is handed over", async () => {
    const t = await started((_text, s) => s.answer("ok"));
    t.controller.ctrlC();
    expect(t.state()).toMatchObject({ quitArmed: true, hint: "Press Ctrl+C again to quit." });
    t.controller.ctrlC();
    await waitFor(() => t.state().leaving, "leaving");
    expect(t.session().closed).toBe(true);
    expect(t.exitLines()[0]).toBe("Session sess_test");
  });

  it("Ctrl+C with text clears the input first; sending anything disarms", async () => {
    const t = await started((_text, s) => s.answer("ok"));
    t.composer.replace({ text: "half typed", cursor: 10 });
    t.controller.ctrlC();
    expect(t.composer.current().text).toBe("");
    expect(t.state().hint).toBe("Input cleared. Press Ctrl+C again to quit.");
    t.composer.replace({ text: "hello", cursor: 5 });
    t.composer.submit();
    expect(t.state()).toMatchObject({ quitArmed: false, hint: "" });
    t.controller.ctrlC();
    expect(t.state().leaving).toBe(false);
    expect(t.session().closed).toBe(false);
  });

  it("Ctrl+C during a turn interrupts it, and does not quit", async () => {
    const t = await started(async (_text, s) => {
      await new Promise<void>((resolve) => s.signal.addEventListener("abort", () => resolve()));
    });
    t.controller.send("long");
    t.controller.ctrlC();
    await waitFor(() => !t.controller.busy, "the interrupt");
    expect(t.session().aborted).toBe(1);
    expect(t.state().hint).toBe("Interrupted. Ctrl+C again on an empty input quits.");
    expect(t.session().closed).toBe(false);
  });
});
