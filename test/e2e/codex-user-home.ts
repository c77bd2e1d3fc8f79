import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVERYTHING_ENTRY } from "../mcp/servers.js";
import { cleanEnv, type TempWorld } from "./helpers.js";

/**
 * PreToolUse, as a Codex user writes one in Python: `rm -rf` is refused with exit 2 and a
 * reason; `git push` with a JSON `decision: block`; anything else passes.
 */
const PRE_PY = `import json, sys
call = json.load(sys.stdin)
command = call.get("tool_input", {}).get("command", "")
if "rm -rf" in command:
    print("rm -rf is refused by my pre.py", file=sys.stderr)
    sys.exit(2)
if "git push" in command:
    print(json.dumps({"decision": "block", "reason": "pushing is for me to do, says pre.py"}))
sys.exit(0)
`;

/** PostToolUse in sh: every call's payload, one line each, into ~/.codex/hooks/calls.log. */
const POST_SH = `#!/bin/sh
cat >> "$HOME/.codex/hooks/calls.log"
echo >> "$HOME/.codex/hooks/calls.log"
`;

/** A HOME with only a Codex setup in it, and a git repository of the person's own to work in. */
export interface CodexUserHome extends TempWorld {
  /** ~/.codex */
  codex: string;
  /** The PostToolUse log: one payload per tool call. */
  calls(): Array<{ tool_name?: string; tool_input?: { command?: string } }>;
}

/**
 * ~/.codex/config.toml (a provider on the demo server, an MCP server from npm), a `fast`
 * profile in fast.config.toml, hooks.json with its scripts in ~/.codex/hooks/. No
 * ~/.mini-codex, no MINI_CODEX_HOME: nothing mini-codex-specific at all.
 */
export function codexUserHome(baseUrl: string): CodexUserHome {
  const root = mkdtempSync(join(tmpdir(), "mini-codex-codex-user-"));
  const codex = join(root, ".codex");
  const hooks = join(codex, "hooks");
  mkdirSync(hooks, { recursive: true });
  const repo = join(root, "my-project");
  mkdirSync(join(root, "tmp"));
  execFileSync("git", ["init", "-q", repo]);
  mkdirSync(join(repo, "victim"));
  writeFileSync(join(repo, "victim", "keep.txt"), "still here\n");
  writeFileSync(
    join(codex, "config.toml"),
    [
      'model = "gpt-5-codex"',
      'model_provider = "demo_srv"',
      'model_reasoning_effort = "high"',
      'file_opener = "vscode"',
      'model_verbosity = "low"',
      // a typo: the one key neither mini-codex nor the Codex CLI knows
      'model_verbositty = "low"',
      "",
      "[history]",
      'persistence = "none"',
      "",
      "[analytics]",
      "enabled = false",
      "",
      "[model_providers.demo_srv]",
      'name = "my local server"',
      `base_url = "${baseUrl}"`,
      'wire_api = "responses"',
      'env_key = "MINI_DEMO_KEY"',
      "request_max_retries = 0",
      "stream_max_retries = 0",
      "",
      "[mcp_servers.everything]",
      `command = ${JSON.stringify(process.execPath)}`,
      `args = [${JSON.stringify(EVERYTHING_ENTRY)}]`,
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(codex, "fast.config.toml"),
    'model = "gpt-5-mini"\nmodel_reasoning_effort = "low"\n',
  );
  writeFileSync(join(hooks, "pre.py"), PRE_PY);
  writeFileSync(join(hooks, "post.sh"), POST_SH);
  chmodSync(join(hooks, "post.sh"), 0o755);
  const hook = (command: string) => ({ type: "command", command, timeout: 30 });
  writeFileSync(
    join(codex, "hooks.json"),
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [hook("python3 ~/.codex/hooks/pre.py")] }],
        PostToolUse: [{ hooks: [hook("~/.codex/hooks/post.sh")] }],
      },
    }),
  );
  const log = join(hooks, "calls.log");
  return {
    root,
    codex,
    // what mini-codex would use as its own home; it is not made here
    home: join(root, ".mini-codex"),
    repo,
    env: (extra = {}) => {
      const env = cleanEnv({ HOME: root, MINI_DEMO_KEY: "demo-key", ...extra });
      delete env.CODEX_HOME;
      return env;
    },
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => JSON.parse(line))
        : [],
    cleanup: () => rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }),
  };
}
