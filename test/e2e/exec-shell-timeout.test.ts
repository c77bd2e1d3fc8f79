// `shell_timeout_ms` stops the model's command whichever shell tool the session offers: the real
// binary (`exec --demo`, gpt-6.2-sol, whose catalog entry gives it exec_command) runs a command
// that would sleep for 30 s, and the model, the `--json` item and the process table say the
// timeout stopped it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processesRunning } from "../tools/helpers.js";
import { jsonLines, runCli, savedOutputs, type TempWorld, tempWorld } from "./helpers.js";

describe("shell_timeout_ms on both shell tools (exec --demo -m gpt-6.2-sol)", () => {
  let world: TempWorld;
  beforeEach(() => {
    world = tempWorld();
  });
  afterEach(() => world.cleanup());

  it.each([
    ["exec_command", []],
    ["shell_command", ["-c", 'shell_tool="shell_command"']],
  ])(
    "%s: the command is stopped by the configured timeout",
    async (tool, extra) => {
      // a name no other process has (`exec -a` sets the sleep's argv[0])
      const name = `mcx-timeout-${tool}-${process.pid}`;
      const run = await runCli(
        [
          "exec",
          "--demo",
          "--json",
          "-m",
          "gpt-6.2-sol",
          "-c",
          "shell_timeout_ms=1500",
          ...extra,
          `run: exec -a ${name} sleep 30`,
        ],
        { cwd: world.repo, env: world.env() },
      );
      expect(run.code, run.stderr).toBe(0);
      const events = jsonLines(run.stdout);
      const started = events.find((e) => e.type === "item.started");
      expect(started?.item).toMatchObject({ type: "command_execution" });
      // what the model read: the timeout stopped it, with the timeout's exit code
      const [output] = savedOutputs(world.home, "function_call_output");
      expect(output).toContain("command timed out after 1500 ms and was killed");
      expect(output).toMatch(
        tool === "exec_command" ? /Process exited with code 124/ : /Exit code: 124/,
      );
      const done = events.find(
        (e) =>
          e.type === "item.completed" && (e.item as { type?: string }).type === "command_execution",
      );
      expect(done?.item).toMatchObject({ status: "failed", exit_code: 124 });
      expect(processesRunning(`${name} 30`)).toEqual([]);
    },
    120_000,
  );
});
