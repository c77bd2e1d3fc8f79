import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { INIT_PROMPT } from "../../src/launch/index.js";
import { BUNDLED_MODELS } from "../../src/models/bundled.js";
import { ModelCatalog, setActiveCatalog } from "../../src/models/catalog.js";
import { statusLine, waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";
import { ScriptedSession } from "./scripted-session.js";

afterEach(unmountAll);

describe("App: slash commands", () => {
  it("/new keeps the model and effort chosen in this run (as the Codex CLI does)", async () => {
    const app = launch((text, s) => s.answer(`You said: ${text}`));
    await ready(app.frame);
    await app.submit("/effort high");
    await waitFor(() => statusLine(app.frame(), "demo-model").includes("demo-model high"), "high");
    await app.submit("/model other-model");
    await waitFor(() => statusLine(app.frame(), "other-model").includes("other-model"), "model");
    await app.submit("/new");
    await waitFor(() => app.sessions.length === 2, "the second session");
    await waitFor(() => app.frame().includes("other-model · effort high"), "the new banner");
    expect(app.sessions[1]?.status().model).toBe("other-model");
    expect(app.sessions[1]?.status().effort).toBe("high");
    expect(statusLine(app.frame(), "other-model")).toContain("other-model high");
  });

  it('/model switches "context left" to the new model\'s context window', async () => {
    const windows: Record<string, number> = { "demo-model": 10_000, "big-model": 100_000 };
    const app = launch((text, s) => s.answer(`You said: ${text}`), {
      contextWindowFor: (model) => windows[model],
    });
    await ready(app.frame);
    await app.submit("hello");
    await waitFor(() => statusLine(app.frame(), "demo-model").includes("ctx 80% left"), "ctx");
    await app.submit("/model big-model");
    await waitFor(() => statusLine(app.frame(), "big-model").includes("ctx 98% left"), "new ctx");
    await app.submit("/model unknown-model");
    await waitFor(() => statusLine(app.frame(), "unknown-model").includes("ctx —"), "unknown");
  });

  it("a message typed while /new starts the next session is sent once it is ready", async () => {
    let openSecond: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      openSecond = resolve;
    });
    const sessions: ScriptedSession[] = [];
    const app = launch((text, s) => s.answer(`You said: ${text}`), {
      createSession: async (hooks) => {
        if (sessions.length === 1) await gate;
        const session = new ScriptedSession(hooks, (text, s) => s.answer(`You said: ${text}`));
        sessions.push(session);
        return session;
      },
    });
    await ready(app.frame);
    await app.submit("/new");
    await app.submit("typed early");
    await waitFor(() => app.frame().includes("queued › typed early"), "the queued line");
    openSecond();
    await waitFor(() => app.frame().includes("You said: typed early"), "the answer");
    expect(sessions[1]?.sent).toEqual(["typed early"]);
  });

  it("the first prompt and a message typed while the session starts go in that order", async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const sessions: ScriptedSession[] = [];
    const app = launch((text, s) => s.answer(`You said: ${text}`), {
      initialPrompt: "first prompt",
      createSession: async (hooks) => {
        await gate;
        const session = new ScriptedSession(hooks, (text, s) => s.answer(`You said: ${text}`));
        sessions.push(session);
        return session;
      },
    });
    await app.submit("typed early");
    await waitFor(() => app.frame().includes("queued › typed early"), "the queued line");
    open();
    await waitFor(() => app.frame().includes("You said: typed early"), "the second answer");
    expect(sessions[0]?.sent).toEqual(["first prompt", "typed early"]);
  });

  it.each(["abc", "5x", "0", "-2"])("/ledger %s is refused with the usage line", async (arg) => {
    const app = launch((text, s) => s.answer(`You said: ${text}`));
    await ready(app.frame);
    await app.submit(`/ledger ${arg}`);
    await waitFor(() => app.frame().includes("Usage: /ledger [N]"), "the usage line");
    expect(app.frame()).not.toContain("The ledger is empty");
  });

  it("Ctrl+C on the effort picker closes it, leaving the effort as it was", async () => {
    const app = launch((text, s) => s.answer(`You said: ${text}`));
    await ready(app.frame);
    await app.submit("/effort");
    await waitFor(() => app.frame().includes("Reasoning effort for the next request"), "picker");
    app.ui.stdin.write("\u001b[B");
    await waitFor(() => app.frame().includes("› high"), "the selection to move");
    app.ui.stdin.write("\u0003");
    await waitFor(() => !app.frame().includes("Reasoning effort for the next"), "picker closed");
    expect(app.sessions[0]?.status().effort).toBe("medium");
    expect(app.sessions[0]?.closed).toBe(false);
  });

  it("/model without a name opens a picker of models, then the chosen model's efforts", async () => {
    // the picker lists the active catalog: here the models of 2025, in their order
    const older = ["gpt-5-codex", "gpt-5", "gpt-5-mini", "o4-mini", "gpt-4.1"];
    setActiveCatalog(new ModelCatalog(BUNDLED_MODELS.filter((m) => older.includes(m.slug))));
    onTestFinished(() => setActiveCatalog(new ModelCatalog()));
    const app = launch((text, s) => s.answer(`You said: ${text}`));
    await ready(app.frame);
    await app.submit("/model");
    await waitFor(() => app.frame().includes("Model for the next request"), "the model picker");
    // The current model (not in the catalog) comes first, the catalog after it.
    expect(app.frame()).toMatch(/› demo-model .*\(current\)/);
    expect(app.frame()).toContain("gpt-5-codex");
    app.ui.stdin.write("\u001b[B");
    app.ui.stdin.write("\u001b[B");
    await waitFor(() => /› gpt-5 /.test(app.frame()), "gpt-5 highlighted");
    app.ui.stdin.write("\r");
    await waitFor(() => app.frame().includes("Reasoning effort for gpt-5"), "the effort picker");
    expect(app.frame()).toContain("minimal");
    app.ui.stdin.write("\u001b[B");
    await waitFor(() => app.frame().includes("› high"), "high highlighted");
    app.ui.stdin.write("\r");
    await waitFor(() => app.frame().includes("Model: gpt-5, effort high"), "the notice");
    expect(app.sessions[0]?.status().model).toBe("gpt-5");
    expect(app.sessions[0]?.status().effort).toBe("high");
    await waitFor(
      () => statusLine(app.frame(), "gpt-5").includes("gpt-5 high"),
      "the status bar on gpt-5 high",
    );
  });

  it("/status shows the directory, approval policy, sandbox and what it enforces, profile and window", async () => {
    const app = launch((text, s) => s.answer(`You said: ${text}`), {
      approvalPolicy: "never",
      sandbox: "workspace-write",
      profile: "fast",
    });
    await ready(app.frame);
    // The header says writes run without asking.
    expect(app.frame()).toContain("approval never · sandbox workspace-write · profile fast");
    expect(app.frame()).toContain("⚠ approval never: commands and patches write in the workspace");
    await app.submit("/status");
    await waitFor(() => app.frame().includes("Status"), "the status");
    expect(app.frame()).toContain(`directory    ${process.cwd()}`);
    expect(app.frame()).toContain("approval     never — never asks");
    expect(app.frame()).toMatch(/sandbox {6}workspace-write — commands confined \(bwrap\)/);
    expect(app.frame()).toContain("profile      fast");
    expect(app.frame()).toContain("context      10k tokens");
  });

  it("/init asks the model for an AGENTS.md, and refuses when one exists", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mini-codex-init-"));
    try {
      const app = launch((_text, s) => s.answer("Wrote AGENTS.md."), { cwd: dir });
      await ready(app.frame);
      await app.submit("/init");
      await waitFor(() => app.frame().includes("Wrote AGENTS.md."), "the model's answer");
      expect(app.sessions[0]?.sent[0]).toBe(INIT_PROMPT);
      writeFileSync(join(dir, "AGENTS.md"), "# mine\n");
      await app.submit("/init");
      await waitFor(
        () => app.frame().includes("already exists: /init does not overwrite it"),
        "no",
      );
      expect(app.sessions[0]?.sent).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
