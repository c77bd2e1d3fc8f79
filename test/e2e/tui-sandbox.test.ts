import { existsSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// The TUI's defaults (workspace-write + on-request) with real bwrap: a command the sandbox
// blocks is offered a rerun without the sandbox, and runs unconfined only after "yes".
describe.skipIf(!hasTmux)("TUI sandbox escalation in tmux", () => {
  const tui = useTuiWorld({ panes: "per-file" });
  let pane: Pane;
  // outside the workspace and outside /tmp (the sandbox's /tmp is private)
  const target = `/var/tmp/mini-codex-escalated-${process.pid}-${Date.now()}`;

  beforeAll(() => {
    pane = tui.open();
  });
  afterAll(() => rmSync(target, { force: true }));

  // 60 s as the other TUI files: the first test holds the TUI's start, a turn and two bwrap runs,
  // 12-14 s at a load of 13 on two cores (the default is 20 s)
  it("asks after a sandbox denial and runs the command unconfined only after yes", async () => {
    const { screen, until, type, literal } = pane;
    await until(() => screen().includes("/help for commands"), "the TUI to start");
    type(`run: touch ${target}`);
    await until(() => screen().includes("Esc: no, and stop the turn"), "the escalation");
    expect(screen()).toContain("The sandbox blocked this command");
    expect(screen()).toContain(`$ touch ${target}`);
    expect(existsSync(target)).toBe(false);
    // an escalation has no "for the session" answer: yes once, or no
    expect(screen()).not.toContain("don't ask again");
    literal("y");
    await until(() => existsSync(target), "the unconfined rerun");
    await until(() => screen().includes("Ran the command. Exit code 0."), "the answer");
  }, 60_000);

  it("no: the command stays blocked and the model gets the sandbox's failure", async () => {
    const { screen, until, type, literal } = pane;
    const other = `${target}-no`;
    type(`run: touch ${other}`);
    // the prompt's last line shows only while a question is open
    await until(() => screen().includes("Esc: no, and stop the turn"), "the second escalation");
    literal("n");
    await until(() => !screen().includes("Esc: no, and stop the turn"), "the answer to be taken");
    await until(() => screen().includes("Ran the command. Exit code 1."), "the model's answer");
    expect(existsSync(other)).toBe(false);
  }, 60_000);
});
