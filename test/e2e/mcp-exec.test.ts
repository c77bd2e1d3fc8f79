import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import { sniffImageType } from "../../src/tools/image-file.js";
import { type HttpMcpServer, startEverythingHttp } from "../mcp/http-server.js";
import { servers } from "../mcp/servers.js";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

let http: HttpMcpServer | undefined;
beforeAll(async () => {
  http = await startEverythingHttp();
});
afterAll(() => http?.stop());

type Item = { id: string; type: string; [key: string]: unknown };

/** `[mcp_servers.<name>]` tables (JSON strings are TOML basic strings). */
function serverTables(tables: Record<string, Record<string, unknown>>): string {
  return Object.entries(tables)
    .map(([name, table]) => {
      const lines = Object.entries(table).map(
        ([key, value]) => `${key} = ${JSON.stringify(value)}`,
      );
      return `[mcp_servers.${name}]\n${lines.join("\n")}\n`;
    })
    .join("\n");
}

function writeConfig(text: string): void {
  mkdirSync(suite.world.home, { recursive: true });
  writeFileSync(join(suite.world.home, "config.toml"), text);
}

async function execJson(prompt: string) {
  const before = suite.server.requests.length;
  const run = await runCli(["exec", "--json", ...suite.against(), prompt], {
    env: suite.world.env(),
  });
  const events = jsonLines(run.stdout);
  const items = events
    .filter((event) => event.type === "item.completed")
    .map((event) => event.item as Item);
  return { run, events, items, requests: suite.server.requests.slice(before) };
}

function ledgerModes(): string[] {
  const dir = join(suite.world.home, "sessions");
  const file = readdirSync(dir).find((name) => name.endsWith(".ledger.jsonl"));
  return readFileSync(join(dir, file as string), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { mode: string }).mode);
}

function toolsOf(request: RecordedRequest | undefined): unknown[] {
  return ((request?.body as { tools?: unknown[] } | undefined)?.tools ?? []) as unknown[];
}

function toolNames(request: RecordedRequest | undefined): string[] {
  return toolsOf(request).map((tool) =>
    String((tool as { name?: string }).name ?? (tool as { type: string }).type),
  );
}

/** The turn's continuation chains on the first response and sends only the tool output. */
function expectIncrementalContinuation(requests: RecordedRequest[]): void {
  expect(requests).toHaveLength(2);
  const [first, second] = requests;
  expect(second?.previousResponseId).toBe(first?.responseId);
  expect(second?.inputLength).toBe(1);
  expect(JSON.stringify(toolsOf(second))).toBe(JSON.stringify(toolsOf(first)));
  expect(ledgerModes()).toEqual(["ws_full", "ws_incremental"]);
}

describe("exec --json with real MCP servers", () => {
  it("filesystem over stdio: the call, its result in the model's next input, an mcp_tool_call item", async () => {
    const files = join(suite.world.root, "files");
    mkdirSync(files);
    writeFileSync(join(files, "notes.txt"), "remember the milk\nand the eggs\n");
    writeConfig(serverTables({ fs: servers.filesystem(files), everything: servers.everything() }));
    const path = join(files, "notes.txt");
    const { run, events, items, requests } = await execJson(
      `call mcp__fs__read_text_file ${JSON.stringify({ path })}`,
    );
    expect(run.code).toBe(0);
    expect(events.at(-1)).toMatchObject({ type: "turn.completed" });
    expect(items.find((item) => item.type === "mcp_tool_call")).toEqual({
      id: expect.stringMatching(/^item_\d+$/),
      type: "mcp_tool_call",
      server: "fs",
      tool: "read_text_file",
      arguments: { path },
      result: {
        content: [{ type: "text", text: "remember the milk\nand the eggs\n" }],
        structured_content: expect.anything(),
      },
      status: "completed",
    });
    expect(events.find((event) => event.type === "item.started")?.item).toMatchObject({
      type: "mcp_tool_call",
      status: "in_progress",
    });
    expect(items.at(-1)).toMatchObject({
      type: "agent_message",
      text: "Received the tool output: remember the milk",
    });
    // the result reached the model: the continuation's input is the call's output
    const input = (requests[1]?.body as { input?: unknown[] } | undefined)?.input;
    expect(input).toEqual([
      expect.objectContaining({
        type: "function_call_output",
        output: expect.stringContaining("remember the milk"),
      }),
    ]);
    expect(toolNames(requests[0]).slice(0, 3)).toEqual([
      "shell_command",
      "apply_patch",
      "update_plan",
    ]);
    expect(toolNames(requests[0])).toContain("mcp__everything__echo");
    expectIncrementalContinuation(requests);
  });

  it("everything over streamable HTTP: lists and calls a tool end to end", async () => {
    writeConfig(serverTables({ remote: { url: http?.url } }));
    const { run, items, requests } = await execJson(
      'call mcp__remote__echo {"message":"over http"}',
    );
    expect(run.code).toBe(0);
    expect(items.find((item) => item.type === "mcp_tool_call")).toMatchObject({
      server: "remote",
      tool: "echo",
      status: "completed",
      result: { content: [{ type: "text", text: "Echo: over http" }] },
    });
    expect(items.at(-1)).toMatchObject({ text: "Received the tool output: Echo: over http" });
    expectIncrementalContinuation(requests);
  });

  it("an image result reaches the model as an input_image; the reply reports it; no base64 in the ledger or exec's text", async () => {
    writeConfig(serverTables({ everything: servers.everything() }));
    const { run, events, items, requests } = await execJson(
      "call mcp__everything__get-tiny-image {}",
    );
    expect(run.code).toBe(0);
    const call = items.find((item) => item.type === "mcp_tool_call") as
      | { result?: { content: Array<{ type: string; data?: string; mimeType?: string }> } }
      | undefined;
    const image = call?.result?.content.find((block) => block.type === "image");
    expect(image?.mimeType).toBe("image/png");
    const data = image?.data ?? "";
    const bytes = Buffer.from(data, "base64");
    expect(sniffImageType(bytes)).toBe("image/png");
    // the continuation carries the server's image as a data URL, between its text parts
    const input = (requests[1]?.body as { input?: unknown[] } | undefined)?.input;
    expect(input).toEqual([
      {
        type: "function_call_output",
        call_id: expect.any(String),
        output: [
          { type: "input_text", text: "Here's the image you requested:" },
          { type: "input_image", image_url: `data:image/png;base64,${data}` },
          { type: "input_text", text: "The image above is the MCP logo." },
        ],
      },
    ]);
    expect(items.at(-1)).toMatchObject({
      type: "agent_message",
      text: `received image: image/png, ${bytes.length} bytes`,
    });
    expectIncrementalContinuation(requests);
    const sessions = join(suite.world.home, "sessions");
    for (const name of readdirSync(sessions).filter((n) => n.endsWith(".ledger.jsonl"))) {
      expect(readFileSync(join(sessions, name), "utf8")).not.toContain(data.slice(0, 40));
    }

    // resume: a new process sends the whole history again, the image array as it was saved
    const id = (events[0] as { thread_id?: string }).thread_id ?? "";
    const before = suite.server.requests.length;
    const resumed = await runCli(["exec", "--json", ...suite.against(), "resume", id, "thanks"], {
      env: suite.world.env(),
    });
    expect(resumed.code).toBe(0);
    const [full] = suite.server.requests.slice(before);
    const body = (full?.body ?? {}) as { input?: Array<{ type: string; output?: unknown }> };
    const again = (body.input ?? []).find((item) => item.type === "function_call_output");
    expect(full?.previousResponseId).toBeUndefined();
    expect(again?.output).toEqual((input?.[0] as { output?: unknown } | undefined)?.output);

    // exec's text mode shows the label where the bytes would be
    const text = await runCli(
      ["exec", ...suite.against(), "call mcp__everything__get-tiny-image {}"],
      {
        env: suite.world.env(),
      },
    );
    expect(text.code).toBe(0);
    expect(text.stderr).toContain("mcp everything.get-tiny-image({})");
    expect(text.stderr).toContain(`[image: image/png, ${bytes.length} bytes]`);
    expect(text.stdout).toContain(`received image: image/png, ${bytes.length} bytes`);
    expect(text.stdout + text.stderr).not.toContain(data.slice(0, 40));
  });

  it("two sessions with the same servers send byte-identical tools", async () => {
    writeConfig(serverTables({ everything: servers.everything(), hostile: servers.hostile() }));
    const a = await execJson("hello");
    // the same servers, listed in the other order
    writeConfig(serverTables({ hostile: servers.hostile(), everything: servers.everything() }));
    const b = await execJson("hello again");
    expect(a.requests).toHaveLength(1);
    expect(toolsOf(a.requests[0]).length).toBeGreaterThan(3);
    expect(JSON.stringify(toolsOf(b.requests[0]))).toBe(JSON.stringify(toolsOf(a.requests[0])));
  });
});

describe("exec --json with hostile MCP servers", () => {
  it("a server that never answers initialize is a warning; one that exits during a call fails the call, not the turn", async () => {
    writeConfig(
      serverTables({
        silent: servers.neverInitializes({ startup_timeout_sec: 0.5 }),
        hostile: servers.hostile(),
      }),
    );
    const { run, events, items, requests } = await execJson("call mcp__hostile__crash {}");
    expect(run.code).toBe(0);
    expect(events.at(-1)).toMatchObject({ type: "turn.completed" });
    expect(items).toContainEqual(
      expect.objectContaining({
        type: "error",
        message:
          'MCP server "silent" is not available: did not start within 0.5 s (startup_timeout_sec)',
      }),
    );
    const message = 'MCP server "hostile" exited during the call to crash';
    expect(items.find((item) => item.type === "mcp_tool_call")).toMatchObject({
      server: "hostile",
      tool: "crash",
      status: "failed",
      error: { message },
    });
    expect(items.at(-1)).toMatchObject({ text: `Received the tool output: error: ${message}` });
    // the servers' stderr went to their log files, not to mini-codex's stderr
    expect(run.stderr).not.toContain("hostile: exiting during a call");
    const log = readFileSync(join(suite.world.home, "log", "mcp", "hostile.log"), "utf8");
    expect(log).toContain("hostile: exiting during a call");
    expectIncrementalContinuation(requests);
  });
});
