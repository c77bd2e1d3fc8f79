import { afterEach, describe, expect, it } from "vitest";
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
});
