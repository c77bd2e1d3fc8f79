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
      if (text === "first") {
        await s.answer("working on first");
        await held;
      }
      await s.answer(`done: ${text}`);
    });
    await ready(app.frame);
    await app.submit("first");
    await waitFor(() => app.frame().includes("working on first"), "the first answer");
    await app.submit("also check the tests");
    const session = app.sessions[0];
    await waitFor(() => session?.steered.length === 1, "the steering message");
    expect(session?.steered).toEqual(["also check the tests"]);
    // waiting below the transcript until a request carries it
    await waitFor(
      () => app.frame().includes("steer (with the next request) › also check the tests"),
      "the pending steer",
    );
    await app.queue("after that");
    await waitFor(() => app.frame().includes("queued › after that"), "the queued line");
    expect(session?.sent).toEqual(["first"]);
    release();
    await waitFor(() => app.frame().includes("done: after that"), "the queued turn");
    // the steered message shows after the answer it interrupted (with the request that carried
    // it), not above that answer
    const shown = app.frame();
    const steered = shown.indexOf("› also check the tests (sent into the running turn)");
    expect(steered).toBeGreaterThan(shown.indexOf("working on first"));
    expect(shown.indexOf("working on first")).toBeGreaterThan(-1);
    expect(shown.indexOf("done: first")).toBeGreaterThan(steered);
    expect(shown).not.toContain("steer (with the next request)");
    expect(session?.sent).toEqual(["first", "after that"]);
    expect(session?.steered).toEqual(["also check the tests"]);
  });
});
