import { describe, expect, it } from "vitest";
import { demoSuite, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();

const against = () => suite.against();

describe("exec when the reader of its output goes away (`mini-codex exec --json … | head -1`)", () => {
  for (const mode of [["--json"], []]) {
    it(`stops quietly with exit 1, no crash trace (${mode.join(" ") || "text mode"})`, async () => {
      const run = spawnCli(["exec", ...mode, ...against(), "demo:slow 4"], {
        env: suite.world.env(),
      });
      // --json: the first event is out; text mode: the progress on stderr has begun
      await waitFor(() => (mode.length ? run.output().stdout : run.output().stderr).length > 0);
      run.child.stdout.destroy();
      const result = await run.done;
      expect(result.stderr).not.toMatch(/EPIPE|unexpected error|Unhandled/);
      expect(result.code).toBe(1);
    });
  }

  it("--json: a closed stdout stops a running command instead of waiting for it", async () => {
    const run = spawnCli(["exec", "--json", ...against(), "run: sleep 30"], {
      env: suite.world.env(),
    });
    await waitFor(() => run.output().stdout.includes("turn.started"));
    run.child.stdout.destroy();
    // the next event (item.started of the command) fails to write: the turn is aborted, the
    // sleep killed; without that the run would outlast the test's timeout
    const result = await run.done;
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/EPIPE|unexpected error/);
  });
});
