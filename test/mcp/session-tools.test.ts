import { afterEach, describe, expect, test } from "vitest";
import { McpManager } from "../../src/mcp/manager.js";
import { createToolRouter } from "../../src/tools/index.js";
import { type Harness, modes, startHarness, waitFor, wireInput } from "../session/harness.js";
import { servers, tempDir } from "./servers.js";

let harness: Harness | undefined;
let manager: McpManager | undefined;
afterEach(async () => {
  await harness?.close();
  await manager?.close();
  harness = undefined;
  manager = undefined;
});

async function sessionWithHostileServer(): Promise<Harness> {
  const home = tempDir("mcp-session-home-");
  manager = new McpManager({ servers: { hostile: servers.hostile() }, home, cwd: home });
  await manager.start();
  const tools = createToolRouter().addSource(manager);
  harness = await startHarness({ tools, mcp: manager, warmup: false });
  return harness;
}

function toolNames(body: unknown): string[] {
  return ((body as { tools?: Array<{ name?: string }> }).tools ?? []).map(
    (tool) => tool.name ?? "",
  );
}

describe("an MCP tool-list change in a session", () => {
  test("takes effect at the next user turn: the turn's continuation stays incremental", async () => {
    const h = await sessionWithHostileServer();
    const first = await h.session.send("call mcp__hostile__add_tool {}");
    expect(first.ok).toBe(true);
    const [call, continuation] = h.requests();
    // the server announced the new tool during the call; the continuation still sends the
    // tools the turn started with
    expect(toolNames(continuation?.body)).toEqual(toolNames(call?.body));
    expect(toolNames(call?.body)).not.toContain("mcp__hostile__added");
    expect(modes(h)).toEqual(["ws_full:no_baseline", "ws_incremental"]);

    // the preview tells what the next turn will send, and says so as soon as it is known
    expect(h.session.status().next).toMatchObject({
      mode: "full",
      reason: "properties_changed:tools",
    });
    expect(h.events).toContainEqual(
      expect.objectContaining({
        type: "settings_changed",
        next: expect.objectContaining({ reason: "properties_changed:tools" }),
      }),
    );

    const second = await h.session.send("call mcp__hostile__added {}");
    expect(second.ok).toBe(true);
    expect(toolNames(h.requests()[2]?.body)).toContain("mcp__hostile__added");
    expect(modes(h).slice(2)).toEqual(["ws_full:properties_changed:tools", "ws_incremental"]);
    expect(h.ledger()[2]?.reason).toBe("properties_changed:tools");
    expect(second.lastMessage).toBe("Received the tool output: added tool ran");
  });

  test("a server that exits mid-session: its calls fail clearly, the next turn goes on incrementally", async () => {
    const h = await sessionWithHostileServer();
    const crashed = await h.session.send("call mcp__hostile__crash {}");
    expect(crashed.ok).toBe(true);
    expect(crashed.lastMessage).toBe(
      'Received the tool output: error: MCP server "hostile" exited during the call to crash',
    );
    await waitFor(() => h.session.mcpServers()[0]?.state === "exited");
    const after = await h.session.send("call mcp__hostile__fail {}");
    expect(after.ok).toBe(true);
    expect(after.lastMessage).toBe(
      'Received the tool output: error: MCP server "hostile" is not running (the server exited)',
    );
    // its tools stay offered, so the tools field and the chain are untouched
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_incremental",
    ]);
  });
});

describe("an MCP tool-list change on a Responses Lite model (gpt-6-astra)", () => {
  test("the next turn stays incremental and carries a new additional_tools item, never properties_changed:tools", async () => {
    const home = tempDir("mcp-session-home-");
    manager = new McpManager({ servers: { hostile: servers.hostile() }, home, cwd: home });
    await manager.start();
    const tools = createToolRouter().addSource(manager);
    harness = await startHarness({
      tools,
      mcp: manager,
      warmup: false,
      settings: { model: "gpt-6-astra", effort: "medium" },
    });
    const h = harness;
    expect((await h.session.send("call mcp__hostile__add_tool {}")).ok).toBe(true);
    expect(h.session.status().next).toMatchObject({ mode: "incremental" });
    const second = await h.session.send("call mcp__hostile__added {}");
    expect(second.ok).toBe(true);
    expect(second.lastMessage).toBe("Received the tool output: added tool ran");
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental", // the turn after the change
      "ws_incremental",
    ]);
    const input = wireInput(h.requests()[2]);
    expect(input.map((item) => item.type)).toEqual(["message", "additional_tools", "message"]);
    const declared = input[1]?.tools as Array<{ name: string; tools: Array<{ name: string }> }>;
    expect(declared.map((ns) => ns.name)).toEqual(["functions"]);
    expect(declared[0]?.tools.map((tool) => tool.name)).toEqual(["mcp__hostile__added"]);
    for (const request of h.requests())
      expect((request.body as { tools?: unknown }).tools).toBeUndefined();
    expect(h.ledger().every((row) => row.reason !== "properties_changed:tools")).toBe(true);
  });
});
