import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHookConfig } from "../../src/tools/hooks/hook-config.js";
import { HookTrust } from "../../src/tools/hooks/hook-trust.js";
import { demoSuite, runCli } from "./helpers.js";

// Issue 29: hooks run only once trusted, without the API keys; a failing or hanging hook never
// breaks the turn and says what happened. Issue 37: they run as the person who trusted them.
describe("exec: hooks.json", () => {
  const suite = demoSuite();
  const writeHooks = (hooks: Record<string, unknown>) => {
    mkdirSync(suite.world.home, { recursive: true });
    writeFileSync(join(suite.world.home, "hooks.json"), JSON.stringify({ hooks }));
  };
  const command = (text: string, timeout = 30) => [
    { hooks: [{ type: "command", command: text, timeout }] },
  ];
  const exec = (prompt: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) =>
    runCli(["exec", ...suite.against(), ...extra, prompt], { env: suite.world.env(env) });

  it("a hanging and a failing hook are reported and the turn completes", async () => {
    writeHooks({
      UserPromptSubmit: command("sleep 30", 1),
      PostToolUse: command("echo broken >&2; exit 1"),
    });
    const run = await exec("run: echo ok", [
      "-s",
      "danger-full-access",
      "--dangerously-bypass-hook-trust",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Ran the command. Exit code 0.");
    const out = run.stdout + run.stderr;
    expect(out).toContain(
      "UserPromptSubmit hook `sleep 30` timed out after 1 s and was stopped; the turn goes on",
    );
    expect(out).toContain(
      "PostToolUse hook `echo broken >&2; exit 1` exited with code 1 (broken); the turn goes on",
    );
  }, 60_000);

  it("runs as the person: their files and environment, without the API keys", async () => {
    // ~/.codex is hidden from the model's commands; a hook the person trusted reads it
    const codex = join(suite.world.root, ".codex");
    mkdirSync(codex, { recursive: true });
    writeFileSync(join(codex, "note.txt"), "kept in ~/.codex\n");
    const outside = join(suite.world.root, "outside.txt");
    writeHooks({
      UserPromptSubmit: command(`env > hook-env.txt; cat ~/.codex/note.txt > ${outside}`),
    });
    const provider = [
      "-c",
      `model_providers.p.base_url="${suite.server.baseUrl}"`,
      "-c",
      'model_providers.p.env_key="P_SERVICE_KEY"',
      "-c",
      'model_provider="p"',
    ];
    const run = await exec(
      "hello",
      ["-s", "workspace-write", "--dangerously-bypass-hook-trust", ...provider],
      {
        OPENAI_API_KEY: "sk-hook-must-not-see",
        P_SERVICE_KEY: "p-key-must-not-see",
        HOOK_VISIBLE: "yes",
        MY_OWN_TOKEN: "the-person-s-own",
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const env = readFileSync(join(suite.world.repo, "hook-env.txt"), "utf8");
    expect(env).toContain("HOOK_VISIBLE=yes");
    // the person's own variables stay (commands of the model lose *TOKEN* by default) …
    expect(env).toContain("MY_OWN_TOKEN=the-person-s-own");
    // … the API keys do not
    expect(env).not.toContain("sk-hook-must-not-see");
    expect(env).not.toContain("p-key-must-not-see");
    // outside the workspace, under workspace-write: written, with ~/.codex read
    expect(readFileSync(outside, "utf8")).toContain("kept in ~/.codex");
  }, 60_000);

  it("a hook whose script is missing fails to start: reported, and the tool still runs", async () => {
    writeHooks({
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: "python3 ~/.codex/hooks/gone.py" }],
        },
      ],
    });
    const run = await exec("run: echo still-ran", [
      "-s",
      "danger-full-access",
      "--dangerously-bypass-hook-trust",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout + run.stderr;
    expect(out).toContain(
      `PreToolUse hook \`python3 ~/.codex/hooks/gone.py\` could not start: script ${join(suite.world.root, ".codex/hooks/gone.py")} does not exist; the turn goes on`,
    );
    expect(out).not.toContain("blocked");
    expect(run.stdout).toContain("Ran the command. Exit code 0.");
  }, 60_000);

  it("untrusted hooks do not run and are named; trusted by hash they do", async () => {
    writeHooks({ UserPromptSubmit: command("touch hook-ran") });
    const run = await exec("hello", ["-s", "workspace-write"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("1 hook(s) of hooks.json are not trusted");
    expect(run.stderr).toContain("UserPromptSubmit: touch hook-ran");
    expect(existsSync(join(suite.world.repo, "hook-ran"))).toBe(false);
    // what the TUI's "trust them? y" records: the hook's hash (its command names no file)
    const file = join(suite.world.home, "hooks.json");
    const { handlers } = parseHookConfig(file, readFileSync(file, "utf8"));
    new HookTrust(join(suite.world.home, "trusted-hooks.json")).trust(
      handlers.map((handler) => ({ handler, place: realpathSync(file), files: {} })),
    );
    const trusted = await exec("hello", ["-s", "workspace-write"]);
    expect(trusted.stderr).not.toContain("not trusted");
    expect(existsSync(join(suite.world.repo, "hook-ran"))).toBe(true);
    // a changed hook is a new hook: not trusted again until reviewed
    writeHooks({ UserPromptSubmit: command("touch hook-ran-2") });
    const changed = await exec("hello", ["-s", "workspace-write"]);
    expect(changed.stderr).toContain("UserPromptSubmit: touch hook-ran-2");
    expect(existsSync(join(suite.world.repo, "hook-ran-2"))).toBe(false);
  }, 60_000);
});
