import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";

afterEach(unmountAll);

describe("App: steering a running turn", () => {
  it("Enter during a turn sends into it; Tab queues for after it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = launch(async (text, s) => {
      if (text === "first") await held;
      await s.answer(`done: ${text}`);
    });
    await ready(app.frame);
    await app.submit("first");
    await waitFor(() => app.frame().includes("Enter steers, Tab queues"), "the busy hint");
    await app.submit("also check the tests");
    const session = app.sessions[0];
    await waitFor(() => session?.steered.length === 1, "the steering message");
    expect(session?.steered).toEqual(["also check the tests"]);
    await waitFor(
      () => app.frame().includes("› also check the tests (sent into the running turn)"),
      "the steering line",
    );
    await app.queue("after that");
    await waitFor(() => app.frame().includes("queued › after that"), "the queued line");
    expect(session?.sent).toEqual(["first"]);
    release();
    await waitFor(() => app.frame().includes("done: after that"), "the queued turn");
    expect(session?.sent).toEqual(["first", "after that"]);
    expect(session?.steered).toEqual(["also check the tests"]);
  });
});
