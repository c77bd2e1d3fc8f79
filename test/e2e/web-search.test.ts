import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

type Item = { id: string; type: string; [key: string]: unknown };

async function execJson(args: string[]) {
  const before = suite.server.requests.length;
  const run = await runCli(["exec", "--json", ...suite.against(), ...args], {
    env: suite.world.env(),
  });
  const items = jsonLines(run.stdout)
    .filter((event) => event.type === "item.completed")
    .map((event) => event.item as Item);
  const bodies = suite.server.requests
    .slice(before)
    .map((request) => request.body as { tools: unknown[]; input: unknown[] });
  return { run, items, bodies };
}

const hosted = (tools: unknown[]) =>
  tools.filter((tool) => (tool as { type: string }).type === "web_search");

describe("hosted web search", () => {
  it("--search offers the live tool; the search becomes a web_search item; history keeps it verbatim", async () => {
    const { run, items, bodies } = await execJson(["--search", "search: zod 4 release"]);
    expect(run.code).toBe(0);
    expect(hosted(bodies[0]?.tools ?? [])).toEqual([
      { type: "web_search", external_web_access: true },
    ]);
    expect(items.find((item) => item.type === "web_search")).toEqual({
      id: expect.stringMatching(/^item_\d+$/),
      type: "web_search",
      query: "zod 4 release",
    });
    expect(items.at(-1)?.type).toBe("agent_message");

    const resumed = await execJson(["--search", "resume", "--last", "thanks"]);
    expect(resumed.run.code).toBe(0);
    const input = resumed.bodies[0]?.input ?? [];
    expect(input.filter((item) => (item as { type: string }).type === "web_search_call")).toEqual([
      {
        type: "web_search_call",
        id: expect.stringMatching(/^ws_/),
        status: "completed",
        action: { type: "search", query: "zod 4 release" },
      },
    ]);
  });

  it('web_search = "cached" offers the tool without live access; by default there is none', async () => {
    const cached = await execJson(["-c", 'web_search="cached"', "hello"]);
    expect(hosted(cached.bodies[0]?.tools ?? [])).toEqual([
      { type: "web_search", external_web_access: false },
    ]);
    const plain = await execJson(["search: zod"]);
    expect(hosted(plain.bodies[0]?.tools ?? [])).toEqual([]);
    expect(plain.items.find((item) => item.type === "web_search")).toBeUndefined();
  });
});
