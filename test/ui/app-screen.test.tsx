import { afterEach, describe, expect, it } from "vitest";
import { plain, waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";

afterEach(unmountAll);

const CLEAR_TERMINAL = "\u001b[2J\u001b[3J\u001b[H";

function resize(app: ReturnType<typeof launch>, columns: number) {
  Object.defineProperty(app.ui.stdout, "columns", { get: () => columns, configurable: true });
  app.ui.stdout.emit("resize");
}

describe("App: the screen", () => {
  it("a width change clears the screen and prints the transcript again at the new width", async () => {
    const answer = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda";
    const app = launch((_text, s) => s.answer(answer));
    await ready(app.frame);
    await app.submit("hi");
    await waitFor(() => app.frame().includes(answer), "the answer on one line");
    resize(app, 30);
    // Printed again at 30 columns: the answer wraps (28 columns after its indent).
    await waitFor(() => /alpha beta gamma delta\s*\n\s+epsilon/.test(app.frame()), "re-flow");
    const frames = app.ui.stdout.frames.map(String);
    const cleared = frames.findIndex((frame) => frame.includes(CLEAR_TERMINAL));
    expect(cleared).toBeGreaterThan(-1);
    // What follows the clear holds the whole transcript: the banner and the question too.
    const after = plain(frames.slice(cleared).join(""));
    expect(after).toContain("session sess_test");
    expect(after).toContain("› hi");
  });
});
