import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane } from "./tmux.js";

// Issue 26, the newcomer's path: npm run demo → chat → /model → quit → the printed resume hint
// run as printed → the same conversation, on the demo provider, with its model and effort.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LAUNCHER = join(ROOT, "bin/mini-codex-demo.js");

describe.skipIf(!hasTmux)("the newcomer's path in a terminal", () => {
  let world: TempWorld | undefined;
  const panes: Pane[] = [];
  afterEach(() => {
    for (const pane of panes.splice(0)) pane.kill();
  });
  afterAll(() => world?.cleanup());

  it("the exit hint runs as printed and brings the session back on its model and effort", async () => {
    buildIfStale();
    world = tempWorld();
    const env = { TMPDIR: world.root };
    const first = startPane({
      world,
      baseUrl: "http://127.0.0.1:9/v1",
      bin: LAUNCHER,
      args: ["--effort", "high"],
      env,
      width: 220,
    });
    panes.push(first);
    await first.until(() => first.screen().includes("Esc interrupts"), "the banner", 30_000);
    first.type("hello there");
    await first.until(() => first.screen().includes("You said: hello there"), "the answer");
    await first.until(() => !first.statusBar().includes("working"), "the turn to end");
    first.type("/model gpt-5");
    await first.until(() => first.screen().includes("Model: gpt-5"), "the model change");
    first.type("/quit");
    await first.until(() => !first.alive(), "the TUI to leave", 30_000);
    // one line however long this checkout's and the temp folder's paths are: wrapped rows joined
    const hint = /Continue it with: (.+)$/m.exec(first.joinedScreen())?.[1]?.trim() ?? "";
    // mini-codex is not on this PATH: the checkout's launcher, by its path, in the demo's workspace
    expect(hint).toMatch(/^\S+\/bin\/mini-codex\.js resume -C \S+mini-codex-demo-\S+ \S+$/);
    const [, workspace] = / -C (\S+) /.exec(hint) ?? [];
    expect(existsSync(join(workspace as string, "hello.py"))).toBe(true);

    const second = startPane({ world, baseUrl: "", shell: hint, env, width: 220 });
    panes.push(second);
    await second.until(
      () => second.screen().includes("You said: hello there"),
      "the earlier conversation",
      30_000,
    );
    await second.until(() => second.screen().includes("Esc interrupts"), "the composer");
    // its model and effort, on the demo provider (no key here: another provider would fail)
    expect(second.statusBar()).toContain("gpt-5 high");
    second.type("and again");
    await second.until(() => second.screen().includes("You said: and again"), "a new answer");
  }, 120_000);
});
