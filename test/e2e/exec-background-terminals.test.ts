import { describe, expect, it } from "vitest";
import { processesRunning } from "../tools/helpers.js";
import { demoSuite, freePort, runCli, savedOutputs, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();
const EXEC_TOOLS = ["-c", 'shell_tool="exec_command"'];

/** A name no other process on the machine has (`exec -a` sets it as the command's argv[0]). */
let names = 0;
function uniqueName(what: string): string {
  names += 1;
  return `mcx-${what}-${process.pid}-${names}`;
}

type JsonEvent = { type: string; item?: Record<string, unknown> };

function events(stdout: string): JsonEvent[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as JsonEvent);
}

/** The tool outputs the model read, from the saved session. */
const toolOutputs = () => savedOutputs(suite.world.home, "function_call_output");

describe("exec_command / write_stdin end to end on the demo provider", () => {
  it("a python3 REPL: two writes compute, the answers reach the model, exec ends the REPL", async () => {
    const repl = uniqueName("repl");
    const prompt = [`start: exec -a ${repl} python3 -q`, "send: 6*7", "send: 2**10"].join("\n");
    const run = await runCli(["exec", "--json", ...EXEC_TOOLS, ...suite.against(), prompt], {
      env: suite.world.env(),
    });
    expect(run.code, run.stderr).toBe(0);
    const outputs = toolOutputs();
    expect(outputs).toHaveLength(3);
    expect(outputs[0]).toMatch(
      /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\nProcess running with session ID 1\nOriginal token count: \d+\nOutput:\n/,
    );
    expect(outputs[1]).toContain(">>> 6*7\n42\n");
    expect(outputs[2]).toContain(">>> 2**10\n1024\n");
    const all = events(run.stdout);
    const answer = all.find((event) => event.item?.type === "agent_message");
    expect(answer?.item?.text).toContain("1024");
    // exec stopped the REPL before exiting and reported it before the turn's end
    const types = all.map((event) => event.type);
    const command = all.find(
      (event) => event.item?.type === "command_execution" && event.type === "item.completed",
    );
    expect(command?.item).toMatchObject({ status: "failed", exit_code: 143 });
    expect(String(command?.item?.aggregated_output)).toContain("1024");
    expect(types.indexOf("item.completed", types.indexOf("item.started"))).toBeLessThan(
      types.indexOf("turn.completed"),
    );
    expect(processesRunning(`${repl} -q`)).toEqual([]);
  }, 120_000);

  it("a server started in the background is reached by a second command, polled, and stopped", async () => {
    const port = await freePort();
    const server = uniqueName("server");
    const prompt = [
      `start: exec -a ${server} python3 -m http.server ${port} --bind 127.0.0.1`,
      `run: python3 -c "import urllib.request as u; print('status', u.urlopen('http://127.0.0.1:${port}/').status)"`,
      "poll",
    ].join("\n");
    const network = ["-s", "workspace-write", "-c", "sandbox_workspace_write.network_access=true"];
    const run = await runCli(
      ["exec", "--json", ...EXEC_TOOLS, ...network, ...suite.against(), prompt],
      {
        env: suite.world.env(),
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const [started, reached, polled] = toolOutputs();
    expect(started).toContain(`Serving HTTP on 127.0.0.1 port ${port}`);
    expect(started).toContain("Process running with session ID 1");
    expect(reached).toContain("Process exited with code 0");
    expect(reached).toContain("status 200");
    // the server's own log line of that request, read by the poll
    expect(polled).toContain('"GET / HTTP/1.1" 200');
    expect(processesRunning(`${server} -m http.server ${port} --bind 127.0.0.1`)).toEqual([]);
  }, 120_000);

  it("a process that ignores SIGTERM still ends when exec exits (SIGKILL after the grace)", async () => {
    const stubborn = uniqueName("stubborn");
    const script =
      "import signal,time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); time.sleep(300)";
    const prompt = `start: exec -a ${stubborn} python3 -c "${script}"`;
    const run = await runCli(["exec", "--json", ...EXEC_TOOLS, ...suite.against(), prompt], {
      env: suite.world.env(),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(toolOutputs()[0]).toContain("ready");
    const command = events(run.stdout).find(
      (event) => event.item?.type === "command_execution" && event.type === "item.completed",
    );
    expect(command?.item).toMatchObject({ status: "failed", exit_code: 137 });
    expect(processesRunning(`${stubborn} -c ${script}`)).toEqual([]);
  }, 120_000);

  it("kill -9 of mini-codex leaves no background process running", async () => {
    const orphan = uniqueName("orphan");
    const prompt = [`start: exec -a ${orphan} sleep 300`, "poll", "poll", "poll"].join("\n");
    const run = spawnCli(["exec", "--json", ...EXEC_TOOLS, ...suite.against(), prompt], {
      env: suite.world.env(),
    });
    await waitFor(() => processesRunning(`${orphan} 300`).length === 1, 60_000);
    run.child.kill("SIGKILL");
    await run.done;
    await waitFor(() => processesRunning(`${orphan} 300`).length === 0, 30_000);
  }, 120_000);
});
