import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, runCli } from "./helpers.js";

// Issue 39, item 3: a subagent is confined like everything else — the person's PreToolUse hooks
// judge its tool calls as they judge the session's, and PostToolUse hears each of them.
/** The tool names of the PostToolUse inputs the hook appended to `log`, in order. */
function toolsLogged(log: string): string[] {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { tool_name: string }).tool_name);
}

describe("exec: a subagent's tool calls go through the session's hooks", () => {
  const suite = demoSuite();
  /** exec: the demo model hands `command` to an isolated subagent (hooks trusted, no sandbox). */
  const spawnUnconfined = (command: string) =>
    runCli(
      [
        "exec",
        ...suite.against(),
        "-s",
        "danger-full-access",
        "--dangerously-bypass-hook-trust",
        `spawn isolated: run: ${command}`,
      ],
      { env: suite.world.env() },
    );

  it("PreToolUse blocks a child's command and PostToolUse logs the child's calls", async () => {
    mkdirSync(suite.world.home, { recursive: true });
    const log = join(suite.world.root, "post-tool-use.log");
    const hook = (command: string, matcher?: string) => [
      { ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command, timeout: 30 }] },
    ];
    writeFileSync(
      join(suite.world.home, "hooks.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: hook(
            `if grep -q forbidden-by-hook; then echo 'no forbidden files' >&2; exit 2; fi`,
            "Bash",
          ),
          PostToolUse: hook(`cat >> ${log}; echo >> ${log}`),
        },
      }),
    );
    const run = await spawnUnconfined("touch forbidden-by-hook.txt");
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(suite.world.repo, "forbidden-by-hook.txt"))).toBe(false);
    // the parent's spawn and wait calls; the child's blocked command never ran
    expect(toolsLogged(log)).toEqual(["spawn_agent", "wait_agent"]);

    // a command the hook lets through runs, and PostToolUse hears the child's call
    const allowed = await spawnUnconfined("touch allowed-child.txt");
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(existsSync(join(suite.world.repo, "allowed-child.txt"))).toBe(true);
    expect(toolsLogged(log)).toEqual([
      "spawn_agent",
      "wait_agent",
      "spawn_agent",
      "Bash",
      "wait_agent",
    ]);
    expect(readFileSync(log, "utf8")).toContain('"command":"touch allowed-child.txt"');
  }, 90_000);
});
