import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionFile } from "../../src/session/session-file.js";
import { demoSuite, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

describe("exec stopped by SIGTERM (what the Codex SDK's AbortSignal, `timeout` and CI runners send)", () => {
  it("kills the running command, keeps the history whole and exits 143", async () => {
    const pidFile = join(suite.world.repo, "pid.txt");
    const run = spawnCli(
      [
        "exec",
        "--json",
        "-c",
        `openai_base_url=${suite.server.baseUrl}`,
        "-C",
        suite.world.repo,
        "run: echo $$ > pid.txt; exec sleep 30",
      ],
      { env: suite.world.env() },
    );
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"));
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(running(pid)).toBe(true);
    run.child.kill("SIGTERM");
    const result = await run.done;
    expect(result.code).toBe(143);
    await waitFor(() => !running(pid));
    const sessions = join(suite.world.home, "sessions");
    const [file] = readdirSync(sessions).filter((name) => !name.endsWith(".ledger.jsonl"));
    const saved = parseSessionFile(readFileSync(join(sessions, file as string), "utf8"));
    // the call has its output (aborted), so a resume sends a consistent history
    expect(saved.history.map((item) => item.type)).toContain("function_call_output");
  });
});
