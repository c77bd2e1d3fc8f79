import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpServer, SessionUpdate } from "@agentclientprotocol/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AcpAgent, agentText, startAcp } from "./acp-client.js";
import { BIN, jsonLines, runCli, type TempWorld, tempWorld, waitFor } from "./helpers.js";

// `mini-codex acp` driven over its stdio by the ACP SDK's client, as an editor drives it: the
// built binary, the embedded demo provider, real commands in the sandbox, real session files.

const FILESYSTEM = fileURLToPath(
  new URL(
    "../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js",
    import.meta.url,
  ),
);

const hasNetns =
  spawnSync("bwrap", ["--dev-bind", "/", "/", "--unshare-net", "--", "true"]).status === 0;

/** Processes whose command line holds `marker` (none left: the turn's children are gone). */
function processesWith(marker: string): string[] {
  const found = spawnSync("pgrep", ["-f", marker], { encoding: "utf8" }).stdout;
  return found.split("\n").filter((pid) => pid.trim() !== "" && Number(pid) !== process.pid);
}

const toolCall = (update: SessionUpdate, kind: string) =>
  update.sessionUpdate === "tool_call" && update.kind === kind;

describe("mini-codex acp (SDK client over stdio, demo provider)", () => {
  let world: TempWorld;
  let agent: AcpAgent | undefined;
  beforeEach(() => {
    world = tempWorld();
  });
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
    world.cleanup();
  });

  it.skipIf(!hasNetns)(
    "answers initialize with no network, asks for sign-in, and the demo method signs in (the trust question asked through the editor)",
    async () => {
      // a network namespace with loopback only: no DNS, no route anywhere
      agent = startAcp(world, [], ["bwrap", "--dev-bind", "/", "/", "--unshare-net", "--"]);
      const ctx = agent.connection.agent;
      const init = await ctx.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
      expect(init.protocolVersion).toBe(1);
      expect(init.agentInfo?.name).toBe("mini-codex");
      expect(init.agentCapabilities?.loadSession).toBe(true);
      expect(init.agentCapabilities?.promptCapabilities).toMatchObject({
        image: true,
        embeddedContext: true,
      });
      expect(Object.keys(init.agentCapabilities?.sessionCapabilities ?? {})).toEqual(
        expect.arrayContaining(["list", "resume", "close"]),
      );
      expect(init.agentCapabilities?._meta?.["mini-codex"]).toMatchObject({
        schema: 1,
        steer: "_mini-codex/steer",
      });
      expect(init.authMethods?.map((m) => m.id)).toEqual(["chatgpt", "api-key", "demo"]);
      // nothing to sign in with: the editor is told to authenticate
      await expect(
        ctx.request("session/new", { cwd: world.repo, mcpServers: [] }),
      ).rejects.toMatchObject({
        code: -32000,
      });
      await ctx.request("authenticate", { methodId: "demo" });
      const { sessionId, modes } = await ctx.request("session/new", {
        cwd: world.repo,
        mcpServers: [],
      });
      // the folder's trust is not decided: restricted until the person answers
      expect(modes?.currentModeId).toBe("read-only");
      const done = await ctx.request("session/prompt", {
        sessionId,
        prompt: [{ type: "text", text: "hello offline" }],
      });
      expect(done.stopReason).toBe("end_turn");
      expect(agent.permissions[0]?.toolCall.title).toBe(`Trust ${world.repo}?`);
      expect(agentText(agent, sessionId)).toContain("You said: hello offline");
      expect(agent.of("current_mode_update", sessionId).at(-1)?.currentModeId).toBe("auto");
      expect(readFileSync(join(world.home, "config.toml"), "utf8")).toContain(
        'trust_level = "trusted"',
      );
    },
  );

  it("maps a turn: a command's tool call with its output, a patch's diff, a subagent, usage after each request", async () => {
    agent = startAcp(world, ["--demo", "-m", "gpt-6.2-sol"]);
    const ctx = agent.connection.agent;
    await ctx.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
    const { sessionId } = await ctx.request("session/new", { cwd: world.repo, mcpServers: [] });
    const run = await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "run: echo acp-$((6*7))" }],
    });
    expect(run.stopReason).toBe("end_turn");
    const call = agent.of("tool_call", sessionId).find((u) => u.kind === "execute");
    expect(call?.title).toBe("echo acp-$((6*7))");
    const ended = agent
      .of("tool_call_update", sessionId)
      .find((u) => u.toolCallId === call?.toolCallId && u.status === "completed");
    expect(JSON.stringify(ended?.content)).toContain("acp-42");
    // after each request: its mode, why, and what the cache held
    const usage = agent.of("usage_update", sessionId);
    expect(usage).toHaveLength(2);
    const first = usage[0]?._meta?.["mini-codex"] as { request: Record<string, unknown> };
    const second = usage[1]?._meta?.["mini-codex"] as {
      request: { usage: Record<string, number> };
    };
    expect(first.request).toMatchObject({ mode: "ws_full", reason: "no_baseline" });
    expect(second.request).toMatchObject({ mode: "ws_incremental", reason: null });
    expect(second.request.usage.cached_tokens).toBeGreaterThan(0);
    expect(usage[1]?.size).toBe(500_000);
    expect(run._meta?.["mini-codex"]).toMatchObject({
      turn: { requests: 2, incremental_requests: 1 },
    });

    await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "write notes.txt: from the editor" }],
    });
    const diff = agent
      .of("tool_call_update", sessionId)
      .flatMap((u) => u.content ?? [])
      .find((c) => c.type === "diff");
    expect(diff).toMatchObject({
      path: join(world.repo, "notes.txt"),
      oldText: null,
      newText: "from the editor\n",
    });
    expect(readFileSync(join(world.repo, "notes.txt"), "utf8")).toBe("from the editor\n");

    // read-only mode: the next edit asks first (the first option, "Yes, once", writes it)
    await ctx.request("session/set_mode", { sessionId, modeId: "read-only" });
    expect(agent.of("current_mode_update", sessionId).at(-1)?.currentModeId).toBe("read-only");
    const asked = agent.permissions.length;
    await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "write ro.txt: asked" }],
    });
    const question = agent.permissions[asked];
    expect(question?.toolCall).toMatchObject({ kind: "edit", title: "Edit ro.txt?" });
    expect(question?.options.map((o) => o.kind)).toEqual([
      "allow_once",
      "allow_always",
      "reject_once",
    ]);
    expect(readFileSync(join(world.repo, "ro.txt"), "utf8")).toBe("asked\n");

    await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "spawn: count to three" }],
    });
    const child = agent.of("tool_call", sessionId).find((u) => u.toolCallId.startsWith("agent:"));
    expect(child?.kind).toBe("think");
    const last = agent
      .of("tool_call_update", sessionId)
      .filter((u) => u.toolCallId === child?.toolCallId)
      .at(-1);
    expect(last?.status).toBe("completed");
    expect(last?._meta?.["mini-codex"]).toMatchObject({
      agent: { status: "completed", requests: 1 },
    });
  });

  it("cancel stops the turn and its command (stop reason cancelled, no process left), the agent goes on; the tool round limit is max_turn_requests", async () => {
    agent = startAcp(world, ["--demo", "-c", "max_tool_rounds=2"]);
    const ctx = agent.connection.agent;
    await ctx.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
    const { sessionId } = await ctx.request("session/new", { cwd: world.repo, mcpServers: [] });
    const marker = `sleep 97.${process.pid}`;
    const running = ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: `demo:slow 3 after run: ${marker}` }],
    });
    await agent.until(
      (u) => u.sessionUpdate === "tool_call_update" && u.title === marker,
      "the command to start",
    );
    await waitFor(() => processesWith(marker).length > 0);
    await ctx.notify("session/cancel", { sessionId });
    expect((await running).stopReason).toBe("cancelled");
    expect(processesWith(marker)).toEqual([]);
    // mid-stream: the slow answer is cut after its first part
    const slow = ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "demo:slow 40" }],
    });
    await agent.until(
      (u) => u.sessionUpdate === "agent_message_chunk" && JSON.stringify(u).includes("Slow part 1"),
      "the slow answer",
    );
    await ctx.notify("session/cancel", { sessionId });
    expect((await slow).stopReason).toBe("cancelled");
    expect(agentText(agent, sessionId)).not.toContain("Slow part 40");
    const next = await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "still here" }],
    });
    expect(next.stopReason).toBe("end_turn");
    // past the tool round limit (-c max_tool_rounds=2): the turn stops, as ACP says it
    const rounds = await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "repeat 4: run: echo round" }],
    });
    expect(rounds.stopReason).toBe("max_turn_requests");
  });

  it("session/load replays a session exec made; slash commands, steering and a closed session over ACP", async () => {
    const made = await runCli(["exec", "--demo", "--json", "run: echo from-exec"], {
      cwd: world.repo,
      env: world.env(),
    });
    const id = String(jsonLines(made.stdout).find((e) => e.type === "thread.started")?.thread_id);
    agent = startAcp(world, ["--demo", "-m", "gpt-6.2-sol"]);
    const ctx = agent.connection.agent;
    // an editor that takes forms is asked about the folder while the session opens; a form it
    // declines is no answer: "no" this time (restricted, said so), asked again next time
    agent.elicit = () => ({ action: "decline" });
    await ctx.request("initialize", {
      protocolVersion: 1,
      clientCapabilities: { elicitation: { form: {} } },
    });
    const loaded = await ctx.request("session/load", {
      sessionId: id,
      cwd: world.repo,
      mcpServers: [],
    });
    expect(agent.elicitations[0]?.message).toContain(
      `You are running mini-codex in ${world.repo}.`,
    );
    expect(loaded.modes?.currentModeId).toBe("read-only");
    const replayed = agent.updates.filter((n) => n.sessionId === id).map((n) => n.update);
    expect(replayed[0]).toMatchObject({
      sessionUpdate: "user_message_chunk",
      content: { text: "run: echo from-exec" },
    });
    const call = replayed.find((u) => toolCall(u, "execute"));
    expect(call).toMatchObject({ title: "echo from-exec", status: "completed" });
    expect(JSON.stringify(call)).toContain("from-exec\\n");
    expect(agentText(agent, id)).toContain("Ran the command. Exit code 0.");

    await agent.until(
      (u) =>
        JSON.stringify(u).includes("Folder trust was not answered (the editor answered decline)"),
      "the note",
    );
    expect(existsSync(join(world.home, "config.toml"))).toBe(false);

    // the commands the editor offers, and what /fork and /new do to the session id
    await agent.until((u) => u.sessionUpdate === "available_commands_update", "the commands");
    const names = agent
      .of("available_commands_update", id)[0]
      ?.availableCommands.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "compact",
        "review",
        "rewind",
        "fork",
        "new",
        "status",
        "agents",
        "init",
      ]),
    );
    await ctx.request("session/prompt", {
      sessionId: id,
      prompt: [{ type: "text", text: "/fork" }],
    });
    const forked = /session (\S+) holds a copy/.exec(agentText(agent, id))?.[1];
    const listed = await ctx.request("session/list", { cwd: world.repo });
    expect(listed.sessions.map((s) => s.sessionId)).toEqual(expect.arrayContaining([id, forked]));
    await ctx.request("session/prompt", {
      sessionId: id,
      prompt: [{ type: "text", text: "go on" }],
    });
    await ctx.request("session/prompt", {
      sessionId: id,
      prompt: [{ type: "text", text: "/new" }],
    });
    await ctx.request("session/prompt", {
      sessionId: id,
      prompt: [{ type: "text", text: "fresh start" }],
    });
    expect(agent.of("usage_update", id).at(-1)?._meta?.["mini-codex"]).toMatchObject({
      request: { mode: "ws_full", reason: "epoch_reset:new" },
    });

    // a message steered into the running turn (the extension initialize advertises)
    const slow = ctx.request("session/prompt", {
      sessionId: id,
      prompt: [{ type: "text", text: "demo:slow 30" }],
    });
    await agent.until((u) => JSON.stringify(u).includes("Slow part 2"), "the slow answer");
    const steered = await ctx.request<{ _meta: Record<string, { state: string }> }>(
      "_mini-codex/steer",
      {
        sessionId: id,
        prompt: [{ type: "text", text: "say zebra instead" }],
      },
    );
    expect(["waiting", "sent"]).toContain(steered._meta["mini-codex"]?.state);
    await slow;
    expect(agentText(agent, id)).toContain("You said: say zebra instead");

    await ctx.request("session/close", { sessionId: id });
    await expect(
      ctx.request("session/prompt", { sessionId: id, prompt: [{ type: "text", text: "anyone?" }] }),
    ).rejects.toMatchObject({ code: -32002 });
    // closed: the file is free for the TUI or exec to resume
    expect(existsSync(join(world.home, "sessions", `${id}.jsonl.lock`))).toBe(false);
  });

  it("hook trust through the editor (new hooks before the first prompt, a trusted hook edited since before it runs); the editor's MCP server", async () => {
    mkdirSync(join(world.repo, ".codex", "hooks"), { recursive: true });
    const script = join(world.repo, ".codex", "hooks", "note.sh");
    writeFileSync(script, "echo one >> hook-log\n");
    const hooks = {
      UserPromptSubmit: [{ hooks: [{ type: "command", command: "sh .codex/hooks/note.sh" }] }],
    };
    writeFileSync(join(world.repo, ".codex", "hooks.json"), JSON.stringify({ hooks }));
    agent = startAcp(world, ["--demo"]);
    const ctx = agent.connection.agent;
    await ctx.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
    // the editor's MCP server (over stdio) joins the session's tools
    const fs: McpServer = {
      name: "fs",
      command: process.execPath,
      args: [FILESYSTEM, world.repo],
      env: [],
    };
    const { sessionId } = await ctx.request("session/new", { cwd: world.repo, mcpServers: [fs] });
    // the folder, then the hooks: both "yes" (the first option)
    await ctx.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "first" }] });
    expect(agent.permissions.map((p) => p.toolCall.title)).toEqual([
      `Trust ${world.repo}?`,
      "Trust and run these hooks?",
    ]);
    const log = join(world.repo, "hook-log");
    expect(readFileSync(log, "utf8")).toBe("one\n");
    // edited during the session: asked right before it runs; "no" (the second option) keeps it off
    writeFileSync(script, "echo two >> hook-log\n");
    agent.answer = (request) => ({
      outcome: { outcome: "selected", optionId: request.options[1]?.optionId ?? "" },
    });
    const second = await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "second" }],
    });
    expect(second.stopReason).toBe("end_turn");
    expect(agent.permissions[2]?.toolCall.title).toBe(
      "Run the UserPromptSubmit hook as it is now?",
    );
    expect(JSON.stringify(agent.permissions[2]?.toolCall.content)).toContain("note.sh");
    expect(readFileSync(log, "utf8")).toBe("one\n");
    expect(agentText(agent, sessionId)).toContain("You said: second");
    const path = join(world.repo, "hook-log");
    await ctx.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: `call mcp__fs__read_text_file ${JSON.stringify({ path })}` }],
    });
    const read = agent.of("tool_call", sessionId).find((u) => u.title === "fs: read_text_file");
    const result = agent
      .of("tool_call_update", sessionId)
      .find((u) => u.toolCallId === read?.toolCallId && u.status === "completed");
    expect(JSON.stringify(result?.content)).toContain("one\\n");
  });

  it("a malformed line, an unknown method and a prompt to an unknown session each get a JSON-RPC error; it goes on serving", async () => {
    const child = spawn(process.execPath, [BIN, "acp", "--demo"], {
      cwd: world.repo,
      env: world.env(),
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    const lines = () =>
      stdout
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map(
          (line) => JSON.parse(line) as { id: unknown; error?: { code: number }; result?: unknown },
        );
    child.stdin.write("{not json\n");
    send({ id: 2, method: "initialize", params: { protocolVersion: 1 } });
    await waitFor(() => lines().some((line) => line.id === 2));
    send({ id: 1, method: "no/such", params: {} });
    send({ id: 3, method: "session/prompt", params: { sessionId: "gone", prompt: [] } });
    send({ id: 4, method: "session/list", params: {} });
    await waitFor(() => [1, 3, 4].every((id) => lines().some((line) => line.id === id)));
    const byId = (id: unknown) => lines().find((line) => line.id === id);
    expect(byId(null)?.error?.code).toBe(-32700);
    expect(byId(1)?.error?.code).toBe(-32601);
    expect(byId(2)?.result).toMatchObject({ protocolVersion: 1 });
    expect(byId(3)?.error?.code).toBe(-32002);
    expect(byId(4)?.result).toEqual({ sessions: [] });
    child.stdin.end();
    expect(await exited).toBe(0);
    // stdout held protocol lines only
    expect(
      stdout
        .split("\n")
        .filter(Boolean)
        .every((line) => line.startsWith('{"jsonrpc":"2.0"')),
    ).toBe(true);
  });
});
