import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { McpManager, mcpLogDir } from "../../src/mcp/manager.js";
import { CREDENTIAL_REMOVED } from "../../src/protocol/sent-credentials.js";
import { sniffImageType } from "../../src/tools/image-file.js";
import type { ApprovalRequest, ToolDefinition } from "../../src/tools/types.js";
import { textOutput } from "../tools/helpers.js";
import { startEchoHeadersHttp, startEverythingHttp } from "./http-server.js";
import { recordingContext, servers, tempDir } from "./servers.js";

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});

async function started(servers: ConstructorParameters<typeof McpManager>[0]["servers"]) {
  const home = tempDir("mcp-home-");
  const manager = new McpManager({ servers, home, cwd: home });
  managers.push(manager);
  await manager.start();
  return { manager, home };
}

function tool(manager: McpManager, name: string): ToolDefinition {
  const found = manager.definitions().find((definition) => definition.name === name);
  if (!found) throw new Error(`no tool ${name}: ${manager.definitions().map((d) => d.name)}`);
  return found;
}

describe("MCP servers from npm", () => {
  test("everything and filesystem start together; tools sorted by server then tool", async () => {
    const root = tempDir("mcp-fs-");
    writeFileSync(join(root, "hello.txt"), "hello from the temp dir\n");
    const { manager } = await started({
      fs: servers.filesystem(root),
      everything: servers.everything(),
    });
    expect(manager.startupWarnings()).toEqual([]);
    const names = manager.definitions().map((definition) => definition.name);
    expect(names).toContain("mcp__everything__echo");
    expect(names).toContain("mcp__fs__read_text_file");
    expect(names.indexOf("mcp__everything__echo")).toBeLessThan(
      names.indexOf("mcp__fs__read_text_file"),
    );
    expect([...names].sort()).toEqual(names);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);

    const read = tool(manager, "mcp__fs__read_text_file");
    const { ctx, events } = recordingContext("call_1", root);
    const output = await read.run(JSON.stringify({ path: join(root, "hello.txt") }), ctx);
    expect(output).toContain("hello from the temp dir");
    expect(events.map((event) => event.type)).toEqual(["mcp_call_started", "mcp_call_finished"]);
  });

  test("results: text as is, structuredContent as JSON, an image as an input_image", async () => {
    const { manager, home } = await started({ everything: servers.everything() });
    const run = (name: string, args: object) =>
      tool(manager, name)
        .run(JSON.stringify(args), recordingContext("c", home).ctx)
        .then(textOutput);
    expect(await run("mcp__everything__echo", { message: "ping" })).toBe("Echo: ping");
    const structured = await run("mcp__everything__get-structured-content", {
      location: "New York",
    });
    expect(JSON.parse(structured)).toMatchObject({ temperature: expect.any(Number) });

    const { ctx, events } = recordingContext("c", home);
    const image = await tool(manager, "mcp__everything__get-tiny-image").run("{}", ctx);
    const finished = events.find((event) => event.type === "mcp_call_finished");
    const block = (finished?.type === "mcp_call_finished" ? finished.result?.content : [])?.find(
      (b) => (b as { type?: string }).type === "image",
    ) as { data: string; mimeType: string };
    expect(block.mimeType).toBe("image/png");
    const bytes = Buffer.from(block.data, "base64");
    expect(sniffImageType(bytes)).toBe("image/png");
    // the server's text around it, and the image itself as the data URL of what it sent
    expect(image).toEqual([
      { type: "input_text", text: expect.stringContaining("image") },
      { type: "input_image", image_url: `data:image/png;base64,${block.data}` },
      { type: "input_text", text: expect.stringContaining("MCP logo") },
    ]);
    // people are shown the label, never the bytes
    const shown = finished?.type === "mcp_call_finished" ? finished.modelText : undefined;
    expect(shown).toContain(`[image: image/png, ${bytes.length} bytes]`);
    expect(shown).not.toContain(block.data.slice(0, 40));
  });

  test("the tools field of two managers over the same servers is byte-identical", async () => {
    const a = await started({ everything: servers.everything(), hostile: servers.hostile() });
    const b = await started({ hostile: servers.hostile(), everything: servers.everything() });
    const specs = (manager: McpManager) => JSON.stringify(manager.definitions().map((d) => d.spec));
    expect(specs(a.manager)).toBe(specs(b.manager));
    const echo = a.manager.definitions().find((d) => d.name === "mcp__everything__echo");
    expect(Object.keys(echo?.spec ?? {})).toEqual([
      "description",
      "name",
      "parameters",
      "strict",
      "type",
    ]);
  });

  test("enabled = false, enabled_tools and disabled_tools choose what is offered", async () => {
    const { manager } = await started({
      off: { ...servers.everything(), enabled: false },
      only: {
        ...servers.everything(),
        enabled_tools: ["echo", "get-sum"],
        disabled_tools: ["get-sum"],
      },
    });
    expect(manager.definitions().map((d) => d.name)).toEqual(["mcp__only__echo"]);
    expect(manager.status().map((s) => [s.name, s.state])).toEqual([
      ["off", "disabled"],
      ["only", "ready"],
    ]);
  });
});

describe("hostile servers", () => {
  test("one that never answers initialize is a warning; the others still start", async () => {
    const { manager, home } = await started({
      silent: servers.neverInitializes({ startup_timeout_sec: 0.5 }),
      hostile: servers.hostile(),
    });
    expect(manager.startupWarnings()).toEqual([
      'MCP server "silent" is not available: did not start within 0.5 s (startup_timeout_sec)',
    ]);
    expect(manager.definitions().some((d) => d.name === "mcp__hostile__fail")).toBe(true);
    // its stderr went to the log file under $MINI_CODEX_HOME, not the terminal
    const log = readFileSync(join(mcpLogDir(home), "silent.log"), "utf8");
    expect(log).toContain("never-initializes: listening and never answering");
  });

  test("server logs are owner-only (0600 in 0700 folders), old world-readable ones narrowed", async () => {
    const home = tempDir("mcp-home-");
    // a log and folder an older version left world-readable
    mkdirSync(mcpLogDir(home), { recursive: true, mode: 0o755 });
    chmodSync(mcpLogDir(home), 0o755);
    writeFileSync(join(mcpLogDir(home), "old.log"), "earlier run\n", { mode: 0o644 });
    const manager = new McpManager({
      servers: { fresh: servers.hostile(), old: servers.hostile() },
      home,
      cwd: home,
    });
    managers.push(manager);
    await manager.start();
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(mcpLogDir(home))).toBe(0o700);
    expect(mode(join(mcpLogDir(home), "fresh.log"))).toBe(0o600);
    expect(mode(join(mcpLogDir(home), "old.log"))).toBe(0o600);
    expect(readFileSync(join(mcpLogDir(home), "old.log"), "utf8")).toContain("earlier run");
  });

  test("a command that does not exist is a warning naming it", async () => {
    const { manager } = await started({ missing: { command: "/nonexistent/mcp-server" } });
    expect(manager.startupWarnings()[0]).toMatch(
      /^MCP server "missing" is not available: .*ENOENT/,
    );
  });

  test("one that exits during a call: the call fails clearly, later calls too", async () => {
    const { manager, home } = await started({ hostile: servers.hostile() });
    const { ctx, events } = recordingContext("call_crash", home);
    const output = await tool(manager, "mcp__hostile__crash").run("{}", ctx);
    expect(output).toBe('error: MCP server "hostile" exited during the call to crash');
    expect(events.at(-1)).toMatchObject({ type: "mcp_call_finished", error: expect.any(String) });
    const again = await tool(manager, "mcp__hostile__fail").run(
      "{}",
      recordingContext("c2", home).ctx,
    );
    expect(again).toBe('error: MCP server "hostile" is not running (the server exited)');
    expect(manager.status()[0]?.state).toBe("exited");
  });

  test("a call past tool_timeout_sec fails with the timeout named", async () => {
    const { manager, home } = await started({
      hostile: servers.hostile({ tool_timeout_sec: 0.5 }),
    });
    const output = await tool(manager, "mcp__hostile__hang").run(
      "{}",
      recordingContext("h", home).ctx,
    );
    expect(output).toBe("error: MCP tool hostile/hang timed out after 0.5 s (tool_timeout_sec)");
  });

  test("an isError result is a failure the model sees as such", async () => {
    const { manager, home } = await started({ hostile: servers.hostile() });
    const { ctx, events } = recordingContext("f", home);
    const output = await tool(manager, "mcp__hostile__fail").run("{}", ctx);
    expect(output).toBe("error: the tool reported a failure: the disk is on fire");
    expect(events.at(-1)).toMatchObject({ type: "mcp_call_finished", error: output });
  });

  test("a tool list change is announced and the new tool listed", async () => {
    const { manager, home } = await started({ hostile: servers.hostile() });
    const changed = new Promise<void>((resolve) => manager.onChange(resolve));
    expect(manager.definitions().some((d) => d.name === "mcp__hostile__added")).toBe(false);
    await tool(manager, "mcp__hostile__add_tool").run("{}", recordingContext("a", home).ctx);
    await changed;
    expect(manager.definitions().some((d) => d.name === "mcp__hostile__added")).toBe(true);
  });

  test("bad arguments are named, and nothing is sent", async () => {
    const { manager, home } = await started({ hostile: servers.hostile() });
    const { ctx, events } = recordingContext("b", home);
    await expect(tool(manager, "mcp__hostile__read_note").run("[1]", ctx)).rejects.toThrow(
      "invalid arguments for mcp__hostile__read_note: expected a JSON object",
    );
    expect(events).toEqual([]);
  });
});

describe("streamable HTTP", () => {
  test("server-everything over streamable HTTP lists and calls tools", async () => {
    const http = await startEverythingHttp();
    try {
      const { manager, home } = await started({ remote: { url: http.url } });
      expect(manager.startupWarnings()).toEqual([]);
      expect(manager.status()[0]).toMatchObject({ transport: "http", state: "ready" });
      const output = await tool(manager, "mcp__remote__echo").run(
        JSON.stringify({ message: "over http" }),
        recordingContext("h1", home).ctx,
      );
      expect(output).toBe("Echo: over http");
    } finally {
      http.stop();
    }
  });

  test("a server that sends back the credentials it was sent: the model and the events get the marker", async () => {
    const http = await startEchoHeadersHttp();
    const token = "mcp-token-Zq8v1Kd93LmP0aXy";
    const key = "mcp-key-4Hs82kdPq0Zm11";
    process.env.MCP_ECHO_TEST_TOKEN = token;
    try {
      const { manager, home } = await started({
        remote: {
          url: http.url,
          bearer_token_env_var: "MCP_ECHO_TEST_TOKEN",
          http_headers: { "X-Api-Key": key },
        },
      });
      expect(manager.startupWarnings()).toEqual([]);
      const { ctx, events } = recordingContext("e1", home);
      const output = await tool(manager, "mcp__remote__headers").run("{}", ctx);
      const seen = `authorization: Bearer ${CREDENTIAL_REMOVED}; x-api-key: ${CREDENTIAL_REMOVED}`;
      expect(output).toBe(`${seen}\n${JSON.stringify({ seen })}`);
      const shown = JSON.stringify(events);
      expect(shown).toContain(seen);
      for (const secret of [token, key])
        expect(shown + JSON.stringify(output)).not.toContain(secret);
    } finally {
      delete process.env.MCP_ECHO_TEST_TOKEN;
      http.stop();
    }
  });

  test("a bearer_token_env_var that is not set is a warning naming the variable", async () => {
    const { manager } = await started({
      remote: { url: "http://127.0.0.1:9/mcp", bearer_token_env_var: "MCP_TEST_TOKEN_UNSET" },
    });
    expect(manager.startupWarnings()).toEqual([
      'MCP server "remote" is not available: environment variable MCP_TEST_TOKEN_UNSET (bearer_token_env_var) is not set',
    ]);
  });
});

describe("approvals", () => {
  test("a call asks with kind mcp_tool and readOnly from the tool's annotation", async () => {
    const { manager, home } = await started({ hostile: servers.hostile() });
    const asked: ApprovalRequest[] = [];
    const { ctx } = recordingContext("r1", home);
    ctx.approve = async (request) => {
      asked.push(request);
      return { kind: "approve" };
    };
    const output = await tool(manager, "mcp__hostile__read_note").run('{"name":"x"}', ctx);
    expect(output).toBe("note x: buy milk");
    await tool(manager, "mcp__hostile__fail").run("{}", { ...ctx, callId: "r2" });
    expect(asked).toEqual([
      {
        kind: "mcp_tool",
        callId: "r1",
        server: "hostile",
        tool: "read_note",
        arguments: '{"name":"x"}',
        readOnly: true,
      },
      {
        kind: "mcp_tool",
        callId: "r2",
        server: "hostile",
        tool: "fail",
        arguments: "{}",
        readOnly: false,
      },
    ]);
  });

  test("a denied call is not sent; the model gets the person's feedback", async () => {
    const { manager, home } = await started({ hostile: servers.hostile() });
    const { ctx, events } = recordingContext("d1", home);
    // the session's approval gate words the denial; the tool hands it to the model as is
    ctx.approve = async () => ({ kind: "deny", feedback: "denied by user: not now" });
    const output = await tool(manager, "mcp__hostile__crash").run("{}", ctx);
    expect(output).toBe("denied by user: not now");
    expect(events).toEqual([]);
    expect(manager.status()[0]?.state).toBe("ready"); // crash never ran
  });
});
