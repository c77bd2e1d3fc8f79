import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane } from "./tmux.js";

// The built binary's TUI in a real terminal (tmux) against a demo server in this process.
describe.skipIf(!hasTmux)("TUI in tmux against the demo server", () => {
  let server: DemoServer;
  let world: TempWorld;
  let pane: Pane;

  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    pane = startPane({ world, baseUrl: server.baseUrl, args: ["--effort", "medium"] });
  }, 180_000);

  afterAll(async () => {
    pane?.kill();
    await server?.close();
    world?.cleanup();
  });

  it("answers, and the status bar shows incremental, full after /effort high, then incremental", async () => {
    const { screen, statusBar, until, type } = pane;
    await until(() => screen().includes("/help for commands"), "the TUI to start");
    await until(() => statusBar().includes("warm-up"), "the warm-up request");

    type("hello from tmux");
    await until(() => screen().includes("You said: hello from tmux"), "the first answer");
    await until(() => !statusBar().includes("working"), "the first turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ prev ✓ │ \S+ medium │ cached /);

    type("/effort high");
    await until(() => statusBar().includes("next: full"), "the next-request preview");
    expect(statusBar()).toContain("next: full — effort changed");
    expect(statusBar()).toMatch(/│ \S+ high │/);

    type("second message");
    await until(() => screen().includes("You said: second message"), "the second answer");
    await until(() => !statusBar().includes("working"), "the second turn to end");
    // the cache drop says why (the demo keys its cache on the effort first); the chain mark
    // (lowest priority) makes room for it
    expect(statusBar()).toMatch(
      /^ws_full — effort changed │ \S+ high │ cached 0 — prefix changed: reasoning │/,
    );

    type("third message");
    await until(() => screen().includes("You said: third message"), "the third answer");
    await until(() => !statusBar().includes("working"), "the third turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ prev ✓ │ \S+ high │ cached /);

    // What the status bar said is what the server received.
    const chained = server.requests
      .filter((r) => r.transport === "ws")
      .map((r) => typeof (r.body as { previous_response_id?: unknown }).previous_response_id);
    expect(chained).toEqual(["undefined", "string", "undefined", "string"]);

    // Resizing re-flows: one input box on screen, the status bar within the width.
    const inputBoxes = () =>
      screen()
        .split("\n")
        .filter((line) => line.includes("Ask mini-codex"));
    pane.resize(35);
    await until(() => statusBar().length > 0 && statusBar().trimEnd().length <= 35, "narrow");
    await until(() => inputBoxes().length === 1 && screen().includes("You said: third"), "re-flow");
    pane.resize(100);
    await until(() => statusBar().includes("cached"), "the wide status bar again");
    await until(() => inputBoxes().length === 1, "one input box after widening");
    expect(screen()).toContain("You said: third message");

    pane.keys("C-c");
    await until(() => screen().includes("Press Ctrl+C again to quit."), "the quit hint");
    pane.keys("C-c");
    await until(() => !pane.alive(), "Ctrl+C twice to quit");
  }, 90_000);
});

if (!hasTmux) {
  describe("TUI in tmux", () => {
    it.skip("skipped: tmux is not installed (apt-get install -y tmux; .ci/run installs it)", () => {});
  });
}
