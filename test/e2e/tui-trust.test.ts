import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux, type Pane, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// The trust question of a folder never decided on (issue 26 item 14), in tmux on the demo server.
// After each answer the TUI must take keys: a message typed is answered and Ctrl+C twice quits
// (issue 37: answering "1" once left a TUI that read no key at all).

const READY = "Esc interrupts · Ctrl+C twice quits";

/** What a person does next: a message is answered, then Ctrl+C twice leaves the TUI. */
async function chatsThenQuits(pane: Pane): Promise<void> {
  pane.type("hello after the question");
  await pane.until(
    () => pane.screen().includes("You said: hello after the question"),
    "the answer to a message typed after the question",
  );
  await pane.until(() => pane.idle(), "the turn to end");
  pane.keys("C-c");
  pane.keys("C-c");
  await pane.until(() => !pane.alive(), "Ctrl+C twice to quit");
}

describe.skipIf(!hasTmux)("the folder trust question (tmux, demo server)", () => {
  const tuiWorld = useTuiWorld();

  it("a folder outside git asks once; 'No' runs read-only with approval untrusted, and is remembered", async () => {
    const plain = join(tuiWorld.world.root, "plain");
    mkdirSync(plain);
    // the question names the folder (this run's temp folder, of any length) on one row
    const width = widthFor(
      `You are running mini-codex in ${realpathSync(plain)} (not a git repository).`,
      10,
      110,
    );
    const first = tuiWorld.open([], width, 30, { trusted: false, cwd: plain });
    await first.until(() => first.screen().includes("Choose 1–2"), "the trust question");
    expect(first.screen()).toContain(`${realpathSync(plain)} (not a git repository)`);
    expect(first.screen()).toContain("Do you trust the contents of this folder?");
    first.type("2");
    await first.until(() => first.screen().includes(READY), "the TUI");
    expect(first.screen()).toContain("approval untrusted · sandbox read-only");
    const config = readFileSync(join(tuiWorld.world.home, "config.toml"), "utf8");
    expect(config).toContain(
      `[projects.${JSON.stringify(realpathSync(plain))}]\ntrust_level = "untrusted"`,
    );
    await chatsThenQuits(first);
    // asked once: the next start goes straight in, still restricted
    const again = tuiWorld.open([], width, 30, { trusted: false, cwd: plain });
    await again.until(() => again.screen().includes(READY), "the TUI without a question");
    expect(again.screen()).not.toContain("Do you trust");
    expect(again.screen()).toContain("approval untrusted · sandbox read-only");
  }, 90_000);

  it("a git repository never decided on asks; 'Yes' keeps workspace-write and on-request", async () => {
    const repo = join(tuiWorld.world.root, "fresh-repo");
    execFileSync("git", ["init", "-q", repo]);
    const pane = tuiWorld.open([], 110, 30, { trusted: false, cwd: repo });
    await pane.until(() => pane.screen().includes("Choose 1–2"), "the trust question");
    expect(pane.screen()).not.toContain("not a git repository");
    pane.type("1");
    await pane.until(() => pane.screen().includes(READY), "the TUI");
    expect(pane.screen()).toContain("approval on-request · sandbox workspace-write");
    const config = readFileSync(join(tuiWorld.world.home, "config.toml"), "utf8");
    expect(config).toContain(
      `[projects.${JSON.stringify(realpathSync(repo))}]\ntrust_level = "trusted"`,
    );
    await chatsThenQuits(pane);
  }, 90_000);
});
