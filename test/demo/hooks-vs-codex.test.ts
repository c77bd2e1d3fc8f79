import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { runCli, type TempWorld, tempWorld } from "../e2e/helpers.js";
import { buildIfStale } from "../e2e/tmux.js";
import { codexBinary, codexWorld } from "./codex-cli.js";

// Issue 29: one hooks.json, accepted by the Codex CLI 0.171 binary, runs the same hooks in
// mini-codex: what each hook received on stdin is compared field by field.
const binary = codexBinary();
if ("skip" in binary) console.warn(`hooks comparison skipped: ${binary.skip}`);
const describeCodex = "path" in binary ? describe : describe.skip;

/** A hook that logs its stdin per event; PreToolUse blocks `rm -rf`; UserPromptSubmit adds context. */
const HOOK = `#!/bin/sh
input=$(cat)
printf '%s\\n' "$input" >> "$1/$2.jsonl"
case "$2" in
  pre) case "$input" in *"rm -rf"*) echo "rm -rf is blocked by policy" >&2; exit 2;; esac;;
  prompt) echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"hook context: the secret word is walrus"}}';;
esac
exit 0
`;

function hooksJson(script: string, logs: string): string {
  const hook = (event: string) => ({
    type: "command",
    command: `${script} ${logs} ${event}`,
    timeout: 30,
  });
  return JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [hook("pre")] }],
      PostToolUse: [{ matcher: "Bash", hooks: [hook("post")] }],
      UserPromptSubmit: [{ hooks: [hook("prompt")] }],
    },
  });
}

const readLog = (dir: string, event: string) =>
  existsSync(join(dir, `${event}.jsonl`))
    ? readFileSync(join(dir, `${event}.jsonl`), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

/** The fields both agents must agree on; ids, paths and times differ by nature (checked as strings). */
function comparable(payload: Record<string, unknown>) {
  const { session_id, turn_id, transcript_path, cwd, tool_use_id, ...rest } = payload;
  for (const id of [session_id, turn_id, cwd]) expect(typeof id).toBe("string");
  if ("tool_name" in payload) expect(typeof tool_use_id).toBe("string");
  return { ...rest, keys: Object.keys(payload).sort() };
}

const PROMPTS = ["run: echo hi", "run: rm -rf victim"];

describeCodex("hooks.json: the Codex CLI 0.171 and mini-codex run the same hooks", () => {
  let server: DemoServer;
  let world: TempWorld;
  beforeAll(async () => {
    buildIfStale();
    server = await startDemoServer();
    world = tempWorld();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  it("blocks rm -rf before it runs, logs after a command, adds context to the prompt", async () => {
    const script = join(world.root, "hook.sh");
    writeFileSync(script, HOOK);
    chmodSync(script, 0o755);
    const logs = { codex: join(world.root, "codex-logs"), mini: join(world.root, "mini-logs") };
    for (const dir of Object.values(logs)) mkdirSync(dir);

    const codex = codexWorld(server.baseUrl, false);
    writeFileSync(join(codex.root, "codex-home", "hooks.json"), hooksJson(script, logs.codex));
    const codexInputs: unknown[] = [];
    try {
      for (const prompt of PROMPTS) {
        const before = server.requests.length;
        const run = await codex.exec("path" in binary ? binary.path : "", prompt, [
          "--dangerously-bypass-hook-trust",
        ]);
        expect(run.code, run.stderr).toBe(0);
        codexInputs.push(JSON.stringify(server.requests.slice(before).map((r) => r.body)));
      }
    } finally {
      codex.cleanup();
    }

    mkdirSync(world.home, { recursive: true });
    writeFileSync(join(world.home, "hooks.json"), hooksJson(script, logs.mini));
    mkdirSync(join(world.repo, "victim"));
    const miniInputs: unknown[] = [];
    for (const prompt of PROMPTS) {
      const before = server.requests.length;
      const args = [
        "exec",
        "--json",
        "-c",
        `openai_base_url=${server.baseUrl}`,
        "-m",
        "demo-model",
      ];
      const flags = [
        "-s",
        "danger-full-access",
        "--dangerously-bypass-hook-trust",
        "-C",
        world.repo,
      ];
      const run = await runCli([...args, ...flags, prompt], { env: world.env() });
      expect(run.code, run.stderr).toBe(0);
      miniInputs.push(JSON.stringify(server.requests.slice(before).map((r) => r.body)));
    }
    // the blocked command did not run; the model read why, in the Codex CLI's words
    expect(existsSync(join(world.repo, "victim"))).toBe(true);
    for (const inputs of [codexInputs, miniInputs]) {
      expect(inputs[0]).toContain("hook context: the secret word is walrus");
      expect(inputs[1]).toContain(
        "Command blocked by PreToolUse hook: rm -rf is blocked by policy. Command: rm -rf victim",
      );
    }

    for (const event of ["prompt", "pre", "post"]) {
      const fromCodex = readLog(logs.codex, event).map(comparable);
      const fromMini = readLog(logs.mini, event).map(comparable);
      expect(fromMini.length, event).toBeGreaterThan(0);
      expect(fromMini, event).toEqual(fromCodex);
    }
    expect(readLog(logs.mini, "post")).toMatchObject([
      { tool_name: "Bash", tool_input: { command: "echo hi" }, tool_response: "hi\n" },
    ]);
  }, 240_000);
});
