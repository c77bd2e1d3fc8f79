import { beforeAll, describe, expect, it } from "vitest";
import { hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// The built binary's TUI in a real terminal (tmux) against a demo server in this process.
describe.skipIf(!hasTmux)("TUI in tmux against the demo server", () => {
  const tui = useTuiWorld({ panes: "per-file" });
  let pane: Pane;

  beforeAll(() => {
    pane = tui.open(["--effort", "medium"]);
  });

  it("answers; medium → high → medium → high: each back-toggle is ws_incremental on the status bar and on the wire", async () => {
    const { screen, statusBar, until, type } = pane;
    await until(() => screen().includes("/help for commands"), "the TUI to start");
    // nothing is sent before the person types: the warm-up goes out as the message takes shape
    expect(tui.server.requests).toHaveLength(0);

    type("hello from tmux");
    await until(() => screen().includes("You said: hello from tmux"), "the first answer");
    await until(() => !statusBar().includes("working"), "the first turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ prev ✓ │ \S+ medium │ cached /);

    type("/effort high");
    await until(() => statusBar().includes("next: full"), "the next-request preview");
    expect(statusBar()).toContain("next: full — new lane high");
    expect(statusBar()).toMatch(/│ \S+ high │/);

    type("second message");
    await until(() => screen().includes("You said: second message"), "the second answer");
    await until(() => !statusBar().includes("working"), "the second turn to end");
    // a new lane: the cache drop says why (the demo keys its cache on the effort first)
    expect(statusBar()).toMatch(/^ws_full — new lane │ .*lane high │ \S+ high │/);
    expect(statusBar()).toContain("cached 0 — prefix changed");

    // back to medium: its lane continues with only what was added since
    type("/effort medium");
    await until(() => statusBar().includes("next: incremental on lane medium"), "medium's preview");
    type("third message");
    await until(() => screen().includes("You said: third message"), "the third answer");
    await until(() => !statusBar().includes("working"), "the third turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ .*lane medium │ \S+ medium │/);

    type("/effort high");
    await until(() => statusBar().includes("next: incremental on lane high"), "high's preview");
    type("fourth message");
    await until(() => screen().includes("You said: fourth message"), "the fourth answer");
    await until(() => !statusBar().includes("working"), "the fourth turn to end");
    expect(statusBar()).toMatch(/^ws_incremental │ .*lane high │ \S+ high │/);

    // What the status bar said is what the server received, on one socket.
    const ws = tui.server.requests.filter((r) => r.transport === "ws");
    const bodies = ws.map((r) => r.body as { previous_response_id?: unknown; stream_id?: unknown });
    expect(bodies.map((b) => typeof b.previous_response_id)).toEqual([
      "undefined", // warm-up
      "string",
      "undefined", // the new lane high
      "string", // back to medium
      "string", // back to high
    ]);
    expect(bodies.map((b) => b.stream_id)).toEqual([
      undefined,
      undefined,
      "high",
      undefined,
      "high",
    ]);
    expect(ws[3]?.previousResponseId).toBe(ws[1]?.responseId);
    expect(ws[4]?.previousResponseId).toBe(ws[2]?.responseId);
    expect(new Set(ws.map((r) => r.connectionId)).size).toBe(1);

    // Resizing re-flows: one input box on screen, the status bar within the width.
    const inputBoxes = () =>
      screen()
        .split("\n")
        .filter((line) => line.includes("Ask mini-codex"));
    pane.resize(35);
    await until(() => statusBar().length > 0 && statusBar().trimEnd().length <= 35, "narrow");
    await until(
      () => inputBoxes().length === 1 && screen().includes("You said: fourth"),
      "re-flow",
    );
    pane.resize(100);
    await until(() => statusBar().includes("cached"), "the wide status bar again");
    await until(() => inputBoxes().length === 1, "one input box after widening");
    expect(screen()).toContain("You said: fourth message");

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
