import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

type GoalEvent = {
  type: string;
  turn?: number;
  goal: { state: string; reason?: string; spent: { tokens: number; turns: number } };
};

const goalEvents = (stdout: string) =>
  jsonLines(stdout).filter((event) => event.type.startsWith("goal.")) as unknown as GoalEvent[];

/** `exec --json --goal TEXT` writing in the temp repo, with more flags after it. */
const execGoal = (text: string, ...more: string[]) =>
  runCli(["exec", "--json", "-s", "workspace-write", ...suite.against(), "--goal", text, ...more], {
    env: suite.world.env(),
  });

// Issue 46 item 2 for scripts and CI: `exec --goal` on the demo provider, one JSON event per
// continuation and the final state; a budget's stop exits 3 with the reason on stderr.
describe("mini-codex exec --goal --json against the demo server", () => {
  it("meets a goal over two turns: goal.started, a goal.continued for the second, goal.finished met, exit 0", async () => {
    const run = await execGoal("count to 2 in goal.txt");
    expect(run.stderr).toContain("goal met: goal.txt counts to 2");
    expect(run.code).toBe(0);
    expect(readFileSync(join(suite.world.repo, "goal.txt"), "utf8")).toBe("1\n2\n");
    const types = jsonLines(run.stdout).map((event) => event.type);
    expect(types.filter((type) => type.startsWith("goal.") || type.startsWith("turn."))).toEqual([
      "goal.started",
      "turn.started",
      "turn.completed",
      "goal.continued",
      "turn.started",
      "turn.completed",
      "goal.finished",
    ]);
    const [started, continued, finished] = goalEvents(run.stdout);
    expect(started?.goal).toMatchObject({ state: "active", spent: { tokens: 0, turns: 0 } });
    expect(continued).toMatchObject({ turn: 2, goal: { state: "active", spent: { turns: 2 } } });
    expect(continued?.goal.spent.tokens).toBeGreaterThan(0);
    expect(finished?.goal).toMatchObject({
      state: "complete",
      reason: "goal.txt counts to 2",
      spent: { turns: 2 },
    });
  }, 60_000);

  it("stops before a request would pass its token budget: exit 3, the reason on stderr, spent within it", async () => {
    const run = await execGoal("count forever in forever.txt", "--goal-tokens", "4500");
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /goal budget reached: token budget: [\d,]+ tokens of 4,500 tokens spent, the next request needs ~[\d,]+ tokens more/,
    );
    const events = goalEvents(run.stdout);
    const finished = events.at(-1);
    expect(finished?.type).toBe("goal.finished");
    expect(finished?.goal.state).toBe("budget_limited");
    expect(finished?.goal.spent.tokens).toBeLessThanOrEqual(4500);
    const turns = finished?.goal.spent.turns ?? 0;
    expect(turns).toBeGreaterThanOrEqual(2);
    // each turn after the first was announced
    expect(events.filter((event) => event.type === "goal.continued")).toHaveLength(turns - 1);
  }, 60_000);

  it("refuses a budget it cannot read before anything starts (exit 2)", async () => {
    const run = await execGoal("count to 2 in goal.txt", "--goal-tokens", "lots");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--goal-tokens: "lots" is not a tokens budget');
  }, 30_000);
});
