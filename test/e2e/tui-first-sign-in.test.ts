import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane } from "./tmux.js";

// OpenAI's own URL, with no key anywhere: what a newcomer without an API key starts with
const OPENAI = "https://api.openai.com/v1";
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The TUI at OpenAI's URL in a network namespace of its own (no interface up): once it has a
 * key it would connect, and here nothing it sends can leave this machine.
 */
function offline(world: TempWorld): string {
  const trust = `projects.${JSON.stringify(realpathSync(world.root))}.trust_level="trusted"`;
  return [
    ...["unshare", "--net", process.execPath, BIN, "-c", trust, "-c", "model_discovery=false"],
    // a message fails at once (one HTTP attempt), as the person's next step shows
    ...["-c", "model_providers.openai.supports_websockets=false"],
    ...["-c", "model_providers.openai.request_max_retries=0"],
  ]
    .map(quote)
    .join(" ");
}

/** The person's next step: a message goes out with the credential (and fails offline, clearly). */
async function messageGoesOut(pane: Pane, secret: string): Promise<void> {
  pane.type("hello after signing in");
  await pane.until(
    () => pane.screen().includes("gave up after 1 attempt"),
    "the request to fail offline",
  );
  expect(pane.screen()).toContain("cannot reach POST");
  expect(pane.screen()).not.toContain(secret);
}

/** Ctrl+C twice, as a person quits. */
async function quitWithCtrlC(pane: Pane): Promise<void> {
  pane.keys("C-c");
  pane.keys("C-c");
  await pane.until(() => !pane.alive(), "the TUI to quit", 30_000);
}

describe.skipIf(!hasTmux)("the TUI's first start without a credential", () => {
  let world: TempWorld | undefined;
  const panes: Pane[] = [];
  const offlinePane = (w: TempWorld) => {
    const pane = startPane({
      world: w,
      baseUrl: OPENAI,
      shell: offline(w),
      env: { TMPDIR: w.root },
    });
    panes.push(pane);
    return pane;
  };
  afterEach(() => {
    for (const pane of panes.splice(0)) pane.kill();
    world?.cleanup();
    world = undefined;
  });

  it("asks how to sign in; the demo provider answers a message; Ctrl+C twice quits", async () => {
    buildIfStale();
    world = tempWorld();
    const pane = startPane({ world, baseUrl: OPENAI, env: { TMPDIR: world.root } });
    panes.push(pane);
    await pane.until(
      () => pane.screen().includes("mini-codex is not signed in"),
      "the question",
      30_000,
    );
    const screen = pane.screen();
    expect(screen).toContain("1. Sign in with ChatGPT");
    expect(screen).toContain("2. Sign in with a device code");
    expect(screen).toContain("3. Paste an API key");
    expect(screen).toContain("4. Use the demo provider");
    pane.literal("4"); // a list takes the number alone: an Enter after it goes to what comes next
    await pane.until(() => pane.screen().includes("Esc interrupts"), "the TUI", 30_000);
    pane.type("hello there");
    await pane.until(() => pane.screen().includes("You said: hello there"), "the answer");
    await pane.until(() => pane.idle(), "the turn to end");
    await quitWithCtrlC(pane);
  }, 120_000);

  it("a pasted API key is stored in auth.json without being shown; the next start does not ask", async () => {
    buildIfStale();
    world = tempWorld();
    const pane = offlinePane(world);
    await pane.until(
      () => pane.screen().includes("4. Use the demo provider"),
      "the question",
      30_000,
    );
    // the number alone: an Enter after it would be the hidden key prompt's (an empty key)
    pane.literal("3");
    await pane.until(() => pane.screen().includes("Paste your API key"), "the key prompt");
    pane.type("sk-test-pasted-0123456789");
    await pane.until(() => pane.screen().includes("Esc interrupts"), "the TUI", 30_000);
    expect(pane.screen()).not.toContain("sk-test-pasted-0123456789");
    expect(JSON.parse(readFileSync(join(world.home, "auth.json"), "utf8"))).toEqual({
      auth_mode: "apikey",
      OPENAI_API_KEY: "sk-test-pasted-0123456789",
    });
    await messageGoesOut(pane, "sk-test-pasted-0123456789");
    await quitWithCtrlC(pane);

    const again = offlinePane(world);
    await again.until(() => again.screen().includes("Esc interrupts"), "the TUI", 30_000);
    expect(again.screen()).not.toContain("not signed in");
    await messageGoesOut(again, "sk-test-pasted-0123456789");
    await quitWithCtrlC(again);
  }, 120_000);

  it("offers the Codex CLI's sign-in once and records codex_home to use it where it is", async () => {
    buildIfStale();
    world = tempWorld();
    // the world's HOME has a Codex sign-in
    mkdirSync(join(world.root, ".codex"));
    writeFileSync(
      join(world.root, ".codex", "auth.json"),
      JSON.stringify({ auth_mode: "apikey", OPENAI_API_KEY: "sk-test-codex-0123456789" }),
    );
    const pane = offlinePane(world);
    await pane.until(
      () => pane.screen().includes("You are signed in to the Codex CLI"),
      "the offer",
      30_000,
    );
    pane.literal("1");
    await pane.until(() => pane.screen().includes("Esc interrupts"), "the TUI", 30_000);
    expect(readFileSync(join(world.home, "config.toml"), "utf8")).toContain(
      'codex_home = "~/.codex"',
    );
    await messageGoesOut(pane, "sk-test-codex-0123456789");
    await quitWithCtrlC(pane);
  }, 120_000);
});
