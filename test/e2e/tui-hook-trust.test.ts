import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadHooks } from "../../src/launch/context/hook-sources.js";
import { chatThenQuit, hasTmux, type Pane, QUESTION_KEYS, quitTui, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// The hook-trust question before the TUI draws (issue 37 item 1): a list in the TUI's look, after
// which the TUI takes keys. A hooks.json in a new home with one UserPromptSubmit hook that leaves a
// file in the working folder: "yes" records its hash and it runs at the next message; "no" (or Esc)
// leaves it off. In tmux, on the demo server.

const READY = "Esc interrupts · Ctrl+C twice quits";
const HOOK = "touch hook-ran";

describe.skipIf(!hasTmux)("the hook trust question (tmux, demo server)", () => {
  const tuiWorld = useTuiWorld();
  let made = 0;

  /** A new home holding the hooks.json, and a new git repository to work in. */
  function homeWithHooks() {
    const root = join(tuiWorld.world.root, `hooks-${++made}`);
    const home = join(root, "home");
    const repo = join(root, "repo");
    mkdirSync(home, { recursive: true });
    execFileSync("git", ["init", "-q", repo]);
    writeFileSync(
      join(home, "hooks.json"),
      JSON.stringify({
        hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: HOOK, timeout: 30 }] }] },
      }),
    );
    return { home, repo: realpathSync(repo) };
  }

  /** The TUI there (its folder trusted unless `newcomer`), once the hook question shows. */
  async function askedAboutHooks(home: string, repo: string, newcomer = false): Promise<Pane> {
    const width = widthFor(`│ You are running mini-codex in ${repo}. │`, 4, 120);
    const pane = tuiWorld.open([], width, 30, {
      cwd: repo,
      env: { MINI_CODEX_HOME: home },
      ...(newcomer ? { trusted: false } : {}),
    });
    if (newcomer) {
      await pane.until(() => pane.screen().includes("Do you trust the contents"), "folder trust");
      pane.literal("1");
    }
    await pane.until(
      () => pane.screen().includes("Trust and run them?") && pane.screen().includes(QUESTION_KEYS),
      "the hook question",
    );
    expect(pane.screen()).toContain(`UserPromptSubmit: ${HOOK}`);
    // the safe answer is highlighted: an Enter typed for an earlier question trusts nothing
    expect(pane.screen()).toContain("› 2. No, leave them off");
    return pane;
  }

  /** A new home, and a new git repository whose `.codex/hooks.json` has one `event` hook. */
  function projectWithHook(name: string, event: string, command: string) {
    const root = join(tuiWorld.world.root, `${name}-${++made}`);
    const home = join(root, "home");
    const repo = join(root, "repo");
    mkdirSync(home, { recursive: true });
    execFileSync("git", ["init", "-q", repo]);
    mkdirSync(join(repo, ".codex", "hooks"), { recursive: true });
    const hooks = { [event]: [{ hooks: [{ type: "command", command }] }] };
    writeFileSync(join(repo, ".codex", "hooks.json"), JSON.stringify({ hooks }));
    return { home, repo };
  }

  const trustedHooks = (home: string) => {
    const file = join(home, "trusted-hooks.json");
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  };

  it.each([
    { by: "1", keys: ["1"] },
    { by: "Up Enter", keys: ["Up", "Enter"] },
  ])(
    "'yes' by $by: the hook is trusted and runs at the next message",
    async ({ keys }) => {
      const { home, repo } = homeWithHooks();
      const pane = await askedAboutHooks(home, repo);
      pane.keys(...keys);
      await pane.until(() => pane.screen().includes(READY), "the TUI");
      expect(pane.screen()).toContain("› Yes, trust and run them");
      expect(trustedHooks(home)).toMatch(/[0-9a-f]{64}/);
      expect(existsSync(join(repo, "hook-ran"))).toBe(false);
      await chatThenQuit(pane);
      expect(existsSync(join(repo, "hook-ran"))).toBe(true);
    },
    90_000,
  );

  it.each([
    { by: "2", keys: ["2"] },
    { by: "Enter (the highlighted answer)", keys: ["Enter"] },
    { by: "Esc (no answer)", keys: ["Escape"] },
  ])(
    "'no' by $by: the hook stays off in this session, and the TUI takes keys",
    async ({ keys }) => {
      const { home, repo } = homeWithHooks();
      const pane = await askedAboutHooks(home, repo);
      pane.keys(...keys);
      await pane.until(() => pane.screen().includes(READY), "the TUI");
      expect(pane.screen()).toContain("Not trusted: they do not run in this session.");
      await chatThenQuit(pane);
      expect(existsSync(join(repo, "hook-ran"))).toBe(false);
      expect(trustedHooks(home)).not.toMatch(/[0-9a-f]{64}/);
    },
    90_000,
  );

  it("an Enter typed after the folder-trust number never trusts the hooks (their safe answer is first)", async () => {
    const { home, repo } = homeWithHooks();
    const pane = tuiWorld.open([], 120, 40, {
      cwd: repo,
      env: { MINI_CODEX_HOME: home },
      trusted: false,
    });
    await pane.until(() => pane.screen().includes("Do you trust the contents"), "folder trust");
    // "1" and Enter, as the old numbered prompt wanted: the Enter is the hook question's, or dropped
    pane.type("1");
    await pane.until(
      () =>
        pane.screen().includes(READY) ||
        (pane.screen().includes("Trust and run them?") && pane.screen().includes(QUESTION_KEYS)),
      "the hook question or the TUI",
    );
    // the Enter came in one read with the "1" (dropped): the hook question waits; Enter takes
    // its highlighted answer, as the stray Enter did otherwise
    if (!pane.screen().includes(READY)) pane.keys("Enter");
    await pane.until(() => pane.screen().includes(READY), "the TUI");
    expect(pane.screen()).toContain("Not trusted: they do not run in this session.");
    expect(trustedHooks(home)).not.toMatch(/[0-9a-f]{64}/);
    await chatThenQuit(pane);
    expect(existsSync(join(repo, "hook-ran"))).toBe(false);
  }, 90_000);

  it("a newcomer answers two questions in a row (folder trust, then hooks) and the TUI takes keys", async () => {
    const { home, repo } = homeWithHooks();
    const pane = await askedAboutHooks(home, repo, true);
    pane.keys("Up", "Enter");
    await pane.until(() => pane.screen().includes(READY), "the TUI");
    expect(pane.screen()).toContain("approval on-request · sandbox workspace-write");
    await chatThenQuit(pane);
    expect(existsSync(join(repo, "hook-ran"))).toBe(true);
  }, 90_000);

  it("trust covers the script the hook runs: edited after trusting, it asks again and names it", async () => {
    // a project's hook, as a Codex user keeps one: .codex/hooks.json running .codex/hooks/*.py
    const { home, repo } = projectWithHook(
      "script",
      "UserPromptSubmit",
      "python3 .codex/hooks/submit.py",
    );
    const script = join(repo, ".codex", "hooks", "submit.py");
    const writes = (mark: string) =>
      writeFileSync(script, `open("hook-ran", "w").write(${JSON.stringify(mark)})\n`);
    writes("first script");
    const at = realpathSync(repo);
    const start = () => tuiWorld.open([], 120, 40, { cwd: at, env: { MINI_CODEX_HOME: home } });
    const asked = (pane: Pane) =>
      pane.screen().includes("Trust and run them?") && pane.screen().includes(QUESTION_KEYS);
    const ran = () => readFileSync(join(at, "hook-ran"), "utf8");

    let pane = start();
    await pane.until(() => asked(pane), "the hook question");
    pane.literal("1");
    await pane.until(() => pane.screen().includes(READY), "the TUI");
    await chatThenQuit(pane);
    expect(ran()).toBe("first script");

    // unchanged: not asked again
    pane = start();
    await pane.until(() => pane.screen().includes(READY) || asked(pane), "the TUI or a question");
    expect(asked(pane)).toBe(false);
    await quitTui(pane);

    // the script changes (a pull, a branch switch): asked again, naming the file
    writes("edited script");
    pane = start();
    await pane.until(() => asked(pane), "the hook question, again");
    expect(pane.screen()).toContain("changed since you trusted it: .codex/hooks/submit.py edited");
    pane.literal("1");
    await pane.until(() => pane.screen().includes(READY), "the TUI");
    await chatThenQuit(pane, "hello after the second question");
    expect(ran()).toBe("edited script");
  }, 150_000);

  it("a trusted hook's script edited during the session is asked about before it runs; the answer typed holds", async () => {
    const { home, repo } = projectWithHook("mid-session", "PostToolUse", "sh .codex/hooks/post.sh");
    const script = join(repo, ".codex", "hooks", "post.sh");
    const writes = (mark: string) => writeFileSync(script, `echo ${mark} >> hook-log\n`);
    writes("v1");
    const at = realpathSync(repo);
    const log = () =>
      existsSync(join(at, "hook-log")) ? readFileSync(join(at, "hook-log"), "utf8") : "";
    const pane = tuiWorld.open([], 120, 40, { cwd: at, env: { MINI_CODEX_HOME: home } });
    await pane.until(() => pane.screen().includes("Trust and run them?"), "the hook question");
    pane.literal("1");
    await pane.until(() => pane.idle(), "the TUI");
    const send = async (command: string) => {
      await pane.until(() => pane.idle(), "the TUI, ready for a message");
      pane.type(`run: ${command}`);
    };
    const asked = () => pane.screen().includes("Run it?") && pane.screen().includes(QUESTION_KEYS);

    await send("echo one");
    await pane.until(() => log() === "v1\n", "the trusted hook's run");

    // edited between turns (as a person, or a danger-full-access command, may)
    writes("v2");
    await send("echo two");
    await pane.until(asked, "the question before the changed hook runs");
    // Ink breaks long lines into rows: read them as one text
    const text = () => pane.screen().replace(/[│\s]+/g, " ");
    expect(text()).toContain("changed since you trusted it: .codex/hooks/post.sh edited");
    expect(pane.screen()).toContain("› 2. Don't run it");
    pane.literal("2");
    await pane.until(
      () => text().includes("did not run: changed since you trusted it"),
      "the warning that it did not run",
    );
    await pane.until(() => pane.idle(), "the turn to end");
    expect(log()).toBe("v1\n");

    writes("v3");
    await send("echo three");
    await pane.until(asked, "the question, for the next change");
    pane.literal("1");
    await pane.until(() => log() === "v1\nv3\n", "the hook trusted as it is now, run");
    await pane.until(() => pane.idle(), "the turn to end");
    await quitTui(pane);
    // recorded: the next start finds it trusted as it is now
    const next = loadHooks({ home, cwd: at, env: {}, bypassTrust: false, warn() {} });
    expect(next.all).toHaveLength(1);
    expect(next.untrusted()).toEqual([]);
  }, 150_000);
});
