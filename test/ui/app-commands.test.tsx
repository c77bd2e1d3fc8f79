import { afterEach, describe, expect, it } from "vitest";
import { statusLine, waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";

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
});
