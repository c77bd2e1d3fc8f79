import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { processesRunning } from "../tools/helpers.js";
import { freePort, type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane } from "./tmux.js";

// exec_command in the TUI: a server keeps running between turns, the status bar counts it,
// /ps lists it, /stop ends it; a terminal left running ends with its session.
describe.skipIf(!hasTmux)("background terminals in the TUI (tmux)", () => {
  let server: DemoServer;
  let world: TempWorld;
  let pane: Pane;
  const name = `mcx-tui-server-${process.pid}`;
  const sleeper = `mcx-tui-sleep-${process.pid}`;

  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    const args = [
      "-c",
      'shell_tool="exec_command"',
      "-c",
      "sandbox_workspace_write.network_access=true",
    ];
    pane = startPane({ world, baseUrl: server.baseUrl, args, width: 160, height: 40 });
  }, 180_000);

  afterAll(async () => {
    pane?.kill();
    await server?.close();
    world?.cleanup();
  });

  it("a server: started, reached by a second command, listed in /ps, stopped by /stop", async () => {
    const { screen, statusBar, until, type } = pane;
    const port = await freePort();
    const serverLine = `${name} -m http.server ${port} --bind 127.0.0.1`;
    await until(() => screen().includes("/help for commands"), "the TUI to start", 60_000);
    type(`start: exec -a ${name} python3 -m http.server ${port} --bind 127.0.0.1`);
    await until(
      () => screen().includes("Process 1 is still running."),
      "the server to start",
      60_000,
    );
    expect(screen()).toContain("keeps running as background terminal 1");
    await until(() => statusBar().includes("1 background terminal"), "the status bar count");
    type(
      `run: python3 -c "import urllib.request as u; print('status', u.urlopen('http://127.0.0.1:${port}/').status)"`,
    );
    await until(() => screen().includes("status 200"), "the second command to reach it", 60_000);
    type("/ps");
    // the table's title (the / popup's description of /ps starts with the same two words)
    await until(() => screen().includes("Background terminals (/ps N"), "the /ps table");
    expect(screen()).toMatch(new RegExp(`1\\s+│?\\s*exec -a ${name} python3 -m http\\.server`));
    // the server's log line for the second command's request; the row is cut at the pane's width
    // (the command column holds this run's pid and port), so only its start is certain to show
    expect(screen()).toMatch(/\] "GET \/ /);
    expect(processesRunning(serverLine)).toHaveLength(1);
    // the turn ends after its answer (the workspace checkpoint): commands wait for that
    await until(() => pane.idle(), "the turn's end");
    type("/stop 1");
    await until(() => screen().includes("Stopped background terminal 1."), "/stop");
    expect(processesRunning(serverLine)).toEqual([]);
    await until(() => !statusBar().includes("background terminal"), "the count to clear");
  }, 240_000);

  it("a terminal still running ends with its session (/new) and the transcript says so", async () => {
    const { screen, until, type } = pane;
    type(`start: exec -a ${sleeper} sleep 300`);
    await until(() => processesRunning(`${sleeper} 300`).length === 1, "the sleeper", 60_000);
    await until(
      // ids count every exec_command: the server was 1, the command that reached it 2
      () => screen().includes("Process 3 is still running."),
      "the answer",
      60_000,
    );
    await until(() => pane.idle(), "the turn's end");
    type("/new");
    await until(() => screen().includes("of the previous session stopped"), "the notice", 30_000);
    await until(
      () => processesRunning(`${sleeper} 300`).length === 0,
      "the sleeper to end",
      30_000,
    );
  }, 240_000);
});
