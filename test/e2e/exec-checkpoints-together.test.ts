import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnCli, tempWorld } from "./helpers.js";

// Issue 43, defect 4: runs started together in one workspace lost rewind checkpoints (1 of 16,
// 2 of 24): they met on the shadow repository's one index.lock, and the warning printed git's
// whole command line. Now each run adds into its own index.
const RUNS = 16;

type CheckpointLine = { type: string; moment: string; message?: string; tree?: string };

describe("exec runs started together in one workspace", () => {
  it(`${RUNS} at once each keep both checkpoints of their turn, holding their own file`, async () => {
    const world = tempWorld();
    try {
      const runs = Array.from({ length: RUNS }, (_, i) =>
        spawnCli(
          ["exec", "--demo", "-s", "workspace-write", "-C", world.repo, `write f${i}.txt: ${i}`],
          { env: world.env() },
        ),
      );
      const done = await Promise.all(runs.map((run) => run.done));
      for (const run of done) {
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).not.toContain("no checkpoint");
      }
      const sessions = join(world.home, "sessions");
      const files = readdirSync(sessions).filter((name) => !name.endsWith(".ledger.jsonl"));
      expect(files).toHaveLength(RUNS);
      const [shadow] = readdirSync(join(world.home, "checkpoints"));
      const gitDir = join(world.home, "checkpoints", shadow as string);
      for (const file of files) {
        const lines = readFileSync(join(sessions, file), "utf8")
          .split("\n")
          .filter((line) => line.includes('"type":"checkpoint"'))
          .map((line) => JSON.parse(line) as CheckpointLine);
        expect(lines.map((line) => line.moment)).toEqual(["turn_start", "turn_end"]);
        const [start, end] = lines as [CheckpointLine, CheckpointLine];
        const n = /^write f(\d+)\.txt/.exec(start.message ?? "")?.[1];
        const listed = (tree: string | undefined) =>
          execFileSync("git", ["--git-dir", gitDir, "ls-tree", "--name-only", tree ?? "none"], {
            encoding: "utf8",
          }).split("\n");
        // the end of the turn holds the file it wrote, its start did not
        expect(listed(end.tree)).toContain(`f${n}.txt`);
        expect(listed(start.tree)).not.toContain(`f${n}.txt`);
      }
      // each run's own index is gone; the last one left is the shared stat cache
      expect(readdirSync(gitDir).filter((name) => name.includes("index"))).toEqual([
        "mini-codex-index",
      ]);
    } finally {
      world.cleanup();
    }
  }, 180_000);
});
