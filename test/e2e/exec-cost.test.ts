import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

type Completed = {
  type: string;
  usage: { input_tokens: number; cached_input_tokens: number; output_tokens: number };
  cost: { usd: number | null; cache_miss_usd?: number; no_price?: string[] };
};

async function exec(args: string[]): Promise<Completed> {
  const run = await runCli(
    [
      "exec",
      "--json",
      "-c",
      `openai_base_url=${suite.server.baseUrl}`,
      "-C",
      suite.world.repo,
      ...args,
    ],
    { env: suite.world.env() },
  );
  expect(run.code, run.stderr).toBe(0);
  const completed = jsonLines(run.stdout).find((event) => event.type === "turn.completed");
  return completed as unknown as Completed;
}

async function ledger(args: string[] = []) {
  const run = await runCli(["ledger", ...args], { env: suite.world.env() });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe("what a session costs, in exec --json and the ledger", () => {
  it("exec's turn costs add up to the ledger's session total", async () => {
    const first = await exec(["hello there"]);
    const second = await exec(["resume", "--last", "and again"]);
    expect(first.cost.usd).toBeGreaterThan(0);
    expect(second.cost.usd).toBeGreaterThan(0);
    const { summary } = JSON.parse(await ledger(["--json"]));
    expect(summary.cost.usd).toBeCloseTo((first.cost.usd ?? 0) + (second.cost.usd ?? 0), 5);
    expect(await ledger(["--cost"])).toMatch(/turn 2 +1 request +\$0\.\d+/);
  });

  it("a configured price table prices a model the catalog has no price for, exactly", async () => {
    mkdirSync(suite.world.home, { recursive: true });
    writeFileSync(
      join(suite.world.home, "config.toml"),
      "[model_prices.house-model]\ninput = 3\ncached_input = 0.3\noutput = 15\n",
    );
    const done = await exec(["-m", "house-model", "hello"]);
    const { input_tokens: input, cached_input_tokens: cached, output_tokens: output } = done.usage;
    expect(done.cost.usd).toBeCloseTo(((input - cached) * 3 + cached * 0.3 + output * 15) / 1e6, 6);
  });

  it("a model with no price shows tokens and 'no price', in exec --json and the ledger", async () => {
    const done = await exec(["-m", "house-model", "hello"]);
    expect(done.usage.input_tokens).toBeGreaterThan(0);
    expect(done.cost).toEqual({ currency: "USD", usd: null, no_price: ["house-model"] });
    expect(await ledger()).toContain("cost: no price for house-model");
  });
});
