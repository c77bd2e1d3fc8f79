import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { codexBinary, runCodexExec } from "../demo/codex-cli.js";
import { type CodexUserHome, codexUserHome } from "./codex-user-home.js";
import { BIN, jsonLines, runCli } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, QUESTION_KEYS, startPane, widthFor } from "./tmux.js";

// Issue 37, done when: a HOME with only ~/.codex (config.toml with a provider and an MCP server
// from npm, a NAME.config.toml profile, hooks.json with scripts in ~/.codex/hooks/) runs
// `mini-codex exec` and the TUI as it is; the profile applies, PreToolUse denies (exit 2 and
// decision block), PostToolUse logs each call; the real Codex CLI runs on the same ~/.codex.
// Plain demo server: the Codex CLI's requests are not held to mini-codex's own schema.
const READY = "Esc interrupts · Ctrl+C twice quits";
const codex = codexBinary();

let server: DemoServer;
let user: CodexUserHome | undefined;
beforeAll(async () => {
  buildIfStale();
  server = await startDemoServer();
}, 180_000);
afterAll(() => server?.close());
afterEach(() => user?.cleanup());

const lastModel = () => (server.requests.at(-1)?.body as { model?: string } | undefined)?.model;
const inputsSince = (before: number) =>
  JSON.stringify(server.requests.slice(before).map((request) => request.body));
const exec = (home: CodexUserHome, args: string[]) =>
  runCli(["exec", "-C", home.repo, ...args], { env: home.env() });

describe("mini-codex exec on a Codex user's ~/.codex", () => {
  it("reads config.toml (said once), -p fast applies fast.config.toml, hooks run as trusted", async () => {
    user = codexUserHome(server.baseUrl);
    const plain = await exec(user, ["run: echo first"]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(lastModel()).toBe("gpt-5-codex");
    const notes = plain.stderr.split("\n").filter((line) => line.startsWith("note: "));
    expect(notes).toEqual([
      `note: reading the Codex CLI's ${join(user.codex, "config.toml")} (there is no ${join(user.home, "config.toml")}); create that file, or set MINI_CODEX_HOME, to stop`,
    ]);
    // Codex's keys mini-codex does not use (file_opener, model_verbosity, [history],
    // [analytics]) are taken silently; a key nobody knows is said once for this file (issue 46)
    expect(plain.stderr).not.toContain("file_opener");
    expect(plain.stderr).toContain(
      `unknown config key \`model_verbositty\` in ${join(user.codex, "config.toml")} (ignored); not said again until the file changes`,
    );
    expect(plain.stderr).toContain("2 hook(s) of hooks.json are not trusted");
    expect(user.calls()).toEqual([]);

    const trust = "--dangerously-bypass-hook-trust";
    const before = server.requests.length;
    const fast = await exec(user, ["-p", "fast", trust, "run: rm -rf victim"]);
    expect(fast.code, fast.stderr).toBe(0);
    // the next exec of the same file says nothing of its keys
    expect(fast.stderr).not.toContain("config key");
    expect(lastModel()).toBe("gpt-5-mini");
    expect(fast.stderr).toContain(`profile: fast (${join(user.codex, "fast.config.toml")})`);
    expect(fast.stderr).toContain("reasoning effort: low");
    // PreToolUse in python3 refused it (exit 2): the model read why, the folder is still there
    expect(inputsSince(before)).toContain(
      "Command blocked by PreToolUse hook: rm -rf is refused by my pre.py",
    );
    expect(existsSync(join(user.repo, "victim", "keep.txt"))).toBe(true);

    const mcp = await exec(user, [
      "--json",
      trust,
      'call mcp__everything__echo {"message":"over stdio"}',
    ]);
    expect(mcp.code, mcp.stderr).toBe(0);
    const items = jsonLines(mcp.stdout)
      .filter((event) => event.type === "item.completed")
      .map((event) => event.item as { type: string; status?: string });
    expect(items).toContainEqual(
      expect.objectContaining({ type: "mcp_tool_call", status: "completed" }),
    );
    // PostToolUse logged the MCP call (the refused command never ran, so it has no PostToolUse)
    expect(user.calls().map((call) => call.tool_name)).toEqual(["mcp__everything__echo"]);
    // mini-codex's own files went to ~/.mini-codex, none into ~/.codex
    expect(readdirSync(user.codex).sort()).toEqual([
      "config.toml",
      "fast.config.toml",
      "hooks",
      "hooks.json",
    ]);
    expect(readdirSync(user.home)).toContain("sessions");
  }, 180_000);
});

/** Wait for text on the screen: Ink breaks long lines itself, so long paths are looked for joined. */
const shows = (pane: Pane, text: string) => pane.screen().includes(text);

describe.skipIf(!hasTmux)("the TUI on a Codex user's ~/.codex, then exec and the Codex CLI", () => {
  it("asks about the folder and the hooks, then chats, denies, logs, calls MCP; Ctrl+C twice quits", async () => {
    user = codexUserHome(server.baseUrl);
    const notice = `config: reading the Codex CLI's ${join(user.codex, "config.toml")} (there is no ${join(user.home, "config.toml")}); create that file, or set MINI_CODEX_HOME, to stop`;
    const world = user;
    const pane = startPane({
      world,
      baseUrl: server.baseUrl,
      width: widthFor(notice, 4, 120),
      height: 50,
      env: { MINI_DEMO_KEY: "demo-key" },
      // as the person types it: no MINI_CODEX_HOME (the pane sets one for other tests)
      shell: `unset MINI_CODEX_HOME CODEX_HOME; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} -p fast`,
    });
    try {
      await pane.until(
        () => shows(pane, "Do you trust the contents of this folder?"),
        "folder trust",
      );
      pane.literal("1");
      await pane.until(
        () => shows(pane, "Trust and run them?") && shows(pane, QUESTION_KEYS),
        "the hook question",
      );
      expect(pane.screen()).toContain("python3 ~/.codex/hooks/pre.py");
      pane.literal("1");
      await pane.until(() => shows(pane, READY), "the banner");
      expect(pane.screen()).toContain(notice);
      expect(pane.screen()).toContain(`profile fast (${join(user.codex, "fast.config.toml")})`);
      expect(pane.screen()).toContain("gpt-5-mini · effort low · demo_srv");

      pane.type("run: echo hello from the tui");
      await pane.until(() => user?.calls().length === 1, "PostToolUse of the command");
      await pane.until(() => pane.idle(), "the turn to end");
      expect(user.calls()[0]?.tool_input?.command).toBe("echo hello from the tui");

      pane.type("run: rm -rf victim");
      await pane.until(() => shows(pane, "rm -rf is refused by my pre.py"), "the exit-2 deny");
      await pane.until(() => pane.idle(), "the turn to end");
      pane.type("run: git push origin main");
      await pane.until(() => shows(pane, "pushing is for me to do, says pre.py"), "the block");
      await pane.until(() => pane.idle(), "the turn to end");
      expect(existsSync(join(user.repo, "victim", "keep.txt"))).toBe(true);

      pane.type('call mcp__everything__echo {"message":"hi over mcp"}');
      await pane.until(() => shows(pane, "Echo: hi over mcp"), "the MCP answer");
      await pane.until(() => pane.idle(), "the turn to end");
      await pane.until(() => user?.calls().length === 2, "PostToolUse of the MCP call");
      pane.keys("C-c");
      pane.keys("C-c");
      await pane.until(() => !pane.alive(), "Ctrl+C twice to quit");
    } finally {
      pane.kill();
    }
    // the answers went where a Codex user keeps them: folder trust in ~/.codex/config.toml
    // (Codex's own key), the hook trust in mini-codex's home
    const config = readFileSync(join(user.codex, "config.toml"), "utf8");
    expect(config).toContain(
      `[projects.${JSON.stringify(realpathSync(user.repo))}]\ntrust_level = "trusted"`,
    );
    expect(existsSync(join(user.home, "trusted-hooks.json"))).toBe(true);

    // exec next: the hooks trusted in the TUI run without a flag
    const after = await exec(user, ["-p", "fast", "run: echo from exec"]);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).not.toContain("not trusted");
    expect(user.calls().at(-1)?.tool_input?.command).toBe("echo from exec");

    if ("skip" in codex) {
      console.warn(`the Codex CLI part skipped: ${codex.skip}`);
      return;
    }
    // the same ~/.codex, with mini-codex's trust record in it, is the Codex CLI's as well
    const before = server.requests.length;
    const run = await runCodexExec(codex.path, {
      cwd: user.repo,
      root: user.root,
      codexHome: user.codex,
      tmp: join(user.root, "tmp"),
      prompt: "run: echo from codex",
      extraArgs: ["-p", "fast", "--dangerously-bypass-hook-trust"],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(lastModel()).toBe("gpt-5-mini");
    expect(server.requests.length).toBeGreaterThan(before);
    expect(user.calls().at(-1)?.tool_input?.command).toBe("echo from codex");
  }, 240_000);
});
