// docs/exec-json.schema.json, the contract of `exec --json`: the committed file is what the zod
// schemas generate, and the real binary's output of every kind of event and item validates
// against that file with a JSON Schema validator (ajv, draft 2020-12), no unknown field allowed.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { execJsonSchema } from "../../src/exec/exec-event-schema.js";
import { SCHEMA_VERSION } from "../../src/launch/schema-version.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { jsonLines, runCli, type TempWorld, tempWorld } from "../e2e/helpers.js";
import { servers } from "../mcp/servers.js";

const FILE = fileURLToPath(new URL("../../docs/exec-json.schema.json", import.meta.url));
const IMAGE = fileURLToPath(new URL("../fixtures/images/fixture.png", import.meta.url));

describe("docs/exec-json.schema.json", () => {
  it("is what the zod schemas of the events generate (node build/exec-json-schema.mjs after npm run build)", () => {
    expect(readFileSync(FILE, "utf8")).toBe(`${JSON.stringify(execJsonSchema(), null, 2)}\n`);
  });
});

describe("exec --json against docs/exec-json.schema.json", () => {
  let server: DemoServer | undefined;
  const worlds: TempWorld[] = [];
  beforeAll(async () => {
    server = await startCheckedDemoServer();
  });
  afterAll(async () => {
    await server?.close();
    for (const world of worlds) world.cleanup();
  });

  /** `exec --json` in a world of its own: its events. */
  async function events(args: string[], setUp: (world: TempWorld) => void = () => {}) {
    const world = tempWorld();
    worlds.push(world);
    setUp(world);
    const against = ["-c", `openai_base_url=${server?.baseUrl}`, "-C", world.repo];
    const run = await runCli(["exec", "--json", ...against, ...args], { env: world.env() });
    return jsonLines(run.stdout);
  }

  it("every event of commands, patches, plans, failures, subagents, MCP, web search, images, a goal and a review validates; schema_version comes first", async () => {
    const runs = await Promise.all([
      events(["run: echo checked"]),
      events(["--full-auto", "write made.txt: made"]),
      events(["plan: one; two"]),
      events(["demo:fail"]),
      events(["spawn: say hi"]),
      events(["call mcp__images__mislabelled {}"], (world) => {
        // a server that answers and one that cannot start (its warning is an error item)
        const images = servers.images();
        mkdirSync(world.home, { recursive: true });
        writeFileSync(
          join(world.home, "config.toml"),
          `[mcp_servers.images]\ncommand = ${JSON.stringify(images.command)}\nargs = ${JSON.stringify(images.args)}\n` +
            `[mcp_servers.missing]\ncommand = ${JSON.stringify(join(world.root, "no-such-server"))}\n`,
        );
      }),
      events(["--search", "search: json schema"]),
      events(["view: shot.png"], (world) => copyFileSync(IMAGE, join(world.repo, "shot.png"))),
      events(["-s", "workspace-write", "--goal", "count to 2 in goal.txt"]),
      events(["review", "--uncommitted"], (world) => {
        writeFileSync(join(world.repo, "AGENTS.md"), "review rule: /== null/ P1 Use ===\n");
        writeFileSync(join(world.repo, "a.js"), "if (a == null) b();\n");
      }),
    ]);

    const validate = new Ajv2020({ strict: true }).compile(JSON.parse(readFileSync(FILE, "utf8")));
    const kinds = new Set<string>();
    for (const run of runs) {
      expect(run[0]).toMatchObject({ type: "thread.started", schema_version: SCHEMA_VERSION });
      for (const event of run) {
        const valid = validate(event);
        expect(valid, `${JSON.stringify(event)}\n${JSON.stringify(validate.errors)}`).toBe(true);
        kinds.add(event.type);
        const item = event.item as { type: string } | undefined;
        if (item) kinds.add(`${event.type}:${item.type}`);
      }
    }
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        "thread.started",
        "turn.started",
        "turn.completed",
        "turn.failed",
        "item.started:command_execution",
        "item.completed:command_execution",
        "item.completed:reasoning",
        "item.completed:agent_message",
        "item.completed:file_change",
        "item.started:todo_list",
        "item.completed:todo_list",
        "item.started:collab_tool_call",
        "item.completed:collab_tool_call",
        "item.started:mcp_tool_call",
        "item.completed:mcp_tool_call",
        "item.completed:error",
        "item.completed:web_search",
        "item.completed:image_view",
        "item.completed:review_finding",
        "goal.started",
        "goal.continued",
        "goal.finished",
      ]),
    );
  });
});
