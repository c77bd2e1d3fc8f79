import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionFile } from "../../src/session/store/session-file-read.js";
import { processesRunning, uniqueSleep } from "../tools/helpers.js";
import { demoSuite, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();

describe("exec stopped by SIGTERM (what the Codex SDK's AbortSignal, `timeout` and CI runners send)", () => {
  it("kills the running command, keeps the history whole and exits 143", async () => {
    const sleep = uniqueSleep();
    const run = spawnCli(
      [
        "exec",
        "--json",
        "-c",
        `openai_base_url=${suite.server.baseUrl}`,
        "-C",
        suite.world.repo,
        `run: exec ${sleep}`,
      ],
      { env: suite.world.env() },
    );
    // found by its command line: inside the sandbox's pid namespace `$$` is not a host pid
    await waitFor(() => processesRunning(sleep).length === 1);
    run.child.kill("SIGTERM");
    const result = await run.done;
    expect(result.code).toBe(143);
    await waitFor(() => processesRunning(sleep).length === 0);
    const sessions = join(suite.world.home, "sessions");
    const [file] = readdirSync(sessions).filter((name) => !name.endsWith(".ledger.jsonl"));
    const saved = parseSessionFile(readFileSync(join(sessions, file as string), "utf8"));
    // the call has its output (aborted), so a resume sends a consistent history
    expect(saved.history.map((item) => item.type)).toContain("function_call_output");
  });
});
