import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/launch/schema-version.js";
import { parseSessionFile } from "../../src/session/store/session-file-read.js";
import { demoSuite, jsonLines, runCli, spawnCli, waitFor } from "./helpers.js";

const suite = demoSuite();

const against = () => suite.against();

type Item = { id: string; type: string; [key: string]: unknown };

/** Every item.started has an item.completed with the same id and type; ids are unique per item. */
function checkItemIds(events: ReturnType<typeof jsonLines>): Item[] {
  const started = new Map<string, string>();
  const completed: Item[] = [];
  for (const event of events) {
    const item = event.item as Item | undefined;
    if (event.type === "item.started" && item) started.set(item.id, item.type);
    if (event.type === "item.updated" && item) expect(started.get(item.id)).toBe(item.type);
    if (event.type === "item.completed" && item) {
      expect(completed.map((done) => done.id)).not.toContain(item.id);
      if (started.has(item.id)) expect(started.get(item.id)).toBe(item.type);
      completed.push(item);
    }
  }
  for (const id of started.keys()) expect(completed.map((item) => item.id)).toContain(id);
  for (const item of completed) expect(item.id).toMatch(/^item_\d+$/);
  return completed;
}

function sessionFiles(): string[] {
  const dir = join(suite.world.home, "sessions");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter(
    (name) => name.endsWith(".jsonl") && !name.endsWith(".ledger.jsonl"),
  );
}

describe("mini-codex exec --json against the demo server", () => {
  it("runs a shell command, then applies a patch on resume; files appear and the JSONL is consistent", async () => {
    const first = await runCli(
      // exec is read-only unless told: --full-auto lets the command write in the workspace
      ["exec", "--json", "--full-auto", ...against(), "run: printf 'from shell' > a.txt"],
      { env: suite.world.env() },
    );
    expect(first.stderr).not.toContain("unexpected error");
    expect(first.code).toBe(0);
    expect(readFileSync(join(suite.world.repo, "a.txt"), "utf8")).toBe("from shell");
    const events = jsonLines(first.stdout);
    expect(events[0]).toMatchObject({ type: "thread.started" });
    expect(events[1]).toEqual({ type: "turn.started" });
    expect(events.at(-1)).toMatchObject({ type: "turn.completed" });
    const items = checkItemIds(events);
    expect(items.find((item) => item.type === "command_execution")).toMatchObject({
      command: "printf 'from shell' > a.txt",
      exit_code: 0,
      status: "completed",
    });
    expect(items.at(-1)).toMatchObject({
      type: "agent_message",
      text: "Ran the command. Exit code 0.",
    });
    const usage = (events.at(-1) as unknown as { usage: Record<string, number> }).usage;
    expect(Object.keys(usage).sort()).toEqual([
      "cache_write_input_tokens",
      "cached_input_tokens",
      "input_tokens",
      "output_tokens",
      "reasoning_output_tokens",
    ]);
    expect(usage.input_tokens).toBeGreaterThan(0);

    const threadId = (events[0] as unknown as { thread_id: string }).thread_id;
    const second = await runCli(
      [
        "exec",
        "--json",
        "-s",
        "workspace-write",
        ...against(),
        "resume",
        threadId,
        "write b.txt: from patch",
      ],
      {
        env: suite.world.env(),
      },
    );
    expect(second.code).toBe(0);
    expect(readFileSync(join(suite.world.repo, "b.txt"), "utf8")).toBe("from patch\n");
    const resumed = jsonLines(second.stdout);
    expect(resumed[0]).toEqual({
      type: "thread.started",
      thread_id: threadId,
      schema_version: SCHEMA_VERSION,
    });
    const change = checkItemIds(resumed).find((item) => item.type === "file_change");
    expect(change).toMatchObject({ status: "completed" });
    const changes = (change?.changes ?? []) as Array<{ path: string; kind: string }>;
    expect(changes).toHaveLength(1);
    expect(changes[0]?.kind).toBe("add");
    expect(changes[0]?.path).toMatch(/b\.txt$/);
    expect(sessionFiles()).toEqual([`${threadId}.jsonl`]);
  });

  it("a failed turn exits 1 with a turn.failed line, and -o keeps the last good answer", async () => {
    const out = join(suite.world.root, "last.txt");
    const ok = await runCli(["exec", ...against(), "-o", out, "hello there"], {
      env: suite.world.env(),
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("You said: hello there\n");
    expect(readFileSync(out, "utf8")).toBe("You said: hello there");
    const failed = await runCli(["exec", "--json", ...against(), "-o", out, "demo:fail"], {
      env: suite.world.env(),
    });
    expect(failed.code).toBe(1);
    const events = jsonLines(failed.stdout);
    expect(events.at(-1)).toMatchObject({
      type: "turn.failed",
      error: { message: expect.stringContaining("demo failure requested") },
    });
    expect(readFileSync(out, "utf8")).toBe("You said: hello there");
  });

  it("empty stdin and no prompt exits 1 with the message", async () => {
    const run = await runCli(["exec", ...against()], { env: suite.world.env(), input: "" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No prompt provided");
    expect(run.stdout).toBe("");
  });

  it("reads the prompt from stdin and appends stdin to an argument", async () => {
    const piped = await runCli(["exec", ...against(), "-"], {
      env: suite.world.env(),
      input: "from a pipe\n",
    });
    expect(piped.stdout).toBe("You said: from a pipe\n");
    await runCli(["exec", ...against(), "look at this"], {
      env: suite.world.env(),
      input: "piped text",
    });
    const last = suite.server.requests.at(-1)?.body as {
      input: Array<{ content?: Array<{ text?: string }> }>;
    };
    const text = last.input.at(-1)?.content?.[0]?.text;
    expect(text).toBe("look at this\n\n<stdin>\npiped text\n</stdin>");
  });

  it("refuses to run outside a git repository unless told to", async () => {
    const args = [
      "exec",
      "-c",
      `openai_base_url=${suite.server.baseUrl}`,
      "-C",
      suite.world.root,
      "hi",
    ];
    const refused = await runCli(args, { env: suite.world.env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--skip-git-repo-check");
    const allowed = await runCli([...args, "--skip-git-repo-check"], { env: suite.world.env() });
    expect(allowed.code).toBe(0);
  });

  it("--ephemeral writes no session file; the embedded --demo provider needs no server", async () => {
    const run = await runCli(["exec", "--demo", "--ephemeral", "-C", suite.world.repo, "hi"], {
      env: suite.world.env(),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("You said: hi\n");
    expect(sessionFiles()).toEqual([]);
    // like Codex's --ephemeral nothing is saved: no session file and no request ledger either
    expect(existsSync(join(suite.world.home, "sessions"))).toBe(false);
    const help = await runCli(["exec", "--help"], { env: suite.world.env() });
    expect(help.stdout).toMatch(/--ephemeral\s+save nothing/);
  });

  it("SIGINT during a slow answer exits 130 with the history on disk", async () => {
    const before = suite.server.requests.length;
    const run = spawnCli(["exec", "--json", ...against(), "demo:slow 50"], {
      env: suite.world.env(),
    });
    await waitFor(
      () => suite.server.requests.length > before && run.output().stdout.includes("turn.started"),
    );
    await waitFor(() => sessionFiles().length === 1);
    run.child.kill("SIGINT");
    const result = await run.done;
    expect(result.code).toBe(130);
    const [file] = sessionFiles();
    const saved = parseSessionFile(
      readFileSync(join(suite.world.home, "sessions", file as string), "utf8"),
    );
    expect(saved.tornTail).toBe(false);
    const users = saved.history.filter((item) => item.type === "message" && item.role === "user");
    expect(JSON.stringify(users.at(-1))).toContain("demo:slow 50");
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ type: "turn.failed" });
  });
});

describe("exec extras", () => {
  it("resume --last continues the latest session with the same id", async () => {
    const first = await runCli(["exec", "--json", ...against(), "first words"], {
      env: suite.world.env(),
    });
    const id = (jsonLines(first.stdout)[0] as unknown as { thread_id: string }).thread_id;
    const again = await runCli(
      ["exec", "--json", ...against(), "resume", "--last", "second words"],
      {
        env: suite.world.env(),
      },
    );
    expect(again.code).toBe(0);
    expect(jsonLines(again.stdout)[0]).toEqual({
      type: "thread.started",
      thread_id: id,
      schema_version: SCHEMA_VERSION,
    });
    const body = suite.server.requests.at(-1)?.body as {
      prompt_cache_key: string;
      input: unknown[];
    };
    expect(body.prompt_cache_key).toBe(id);
    expect(JSON.stringify(body.input)).toContain("first words");
    const missing = await runCli(["exec", ...against(), "resume", "no-such-session", "x"], {
      env: suite.world.env(),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no saved session no-such-session");
  });

  it("a plan becomes one todo_list item, started then completed", async () => {
    const run = await runCli(
      ["exec", "--json", ...against(), "plan: read code; fix bug; run tests"],
      {
        env: suite.world.env(),
      },
    );
    expect(run.code).toBe(0);
    const events = jsonLines(run.stdout);
    const todo = checkItemIds(events).find((item) => item.type === "todo_list");
    expect(todo?.items).toEqual([
      { text: "read code", completed: false },
      { text: "fix bug", completed: false },
      { text: "run tests", completed: false },
    ]);
    expect(events.filter((event) => event.type === "item.started")).toHaveLength(1);
  });

  it("request_user_input is refused: nobody can answer in exec, the model decides itself (issue 46)", async () => {
    const question = {
      id: "a",
      header: "A",
      question: "Which?",
      options: [{ label: "x", description: "" }],
    };
    const run = await runCli(
      [
        "exec",
        ...against(),
        `call request_user_input ${JSON.stringify({ questions: [question] })}`,
      ],
      { env: suite.world.env() },
    );
    expect(run.code).toBe(0);
    // the demo model repeats the first line of what the tool answered
    expect(run.stdout).toMatch(
      /request_user_input: no one can answer questions here \(exec, or a subagent\): decide yourself/,
    );
  });

  it("shell_max_timeout_ms caps how long a command may run, whatever the model asks", async () => {
    const run = await runCli(
      ["exec", "--json", ...against(), "-c", "shell_max_timeout_ms=300", "run: sleep 30"],
      { env: suite.world.env() },
    );
    expect(run.code).toBe(0);
    const command = checkItemIds(jsonLines(run.stdout)).find(
      (item) => item.type === "command_execution",
    );
    expect(command?.exit_code).toBe(124);
    const last = suite.server.requests.at(-1)!;
    const tools = (last.body as { tools: { description: string }[] }).tools;
    expect(tools.map((tool) => tool.description).join("\n")).toContain("at most 300 ms");
  });

  it("--output-schema sends a strict json_schema text format", async () => {
    const schemaFile = join(suite.world.root, "schema.json");
    const schema = {
      type: "object",
      properties: { ok: { type: "boolean" } },
      required: ["ok"],
      additionalProperties: false,
    };
    writeFileSync(schemaFile, JSON.stringify(schema));
    const run = await runCli(["exec", ...against(), "--output-schema", schemaFile, "answer"], {
      env: suite.world.env(),
    });
    expect(run.code).toBe(0);
    const body = suite.server.requests.at(-1)?.body as {
      text?: { format: Record<string, unknown> };
    };
    expect(body.text?.format).toMatchObject({ type: "json_schema", strict: true, schema });
  });

  it("`ledger` summarises the last session's requests", async () => {
    await runCli(["exec", ...against(), "run: true"], { env: suite.world.env() });
    const ledger = await runCli(["ledger"], { env: suite.world.env() });
    expect(ledger.code).toBe(0);
    expect(ledger.stdout).toMatch(/requests 2 over 1 turn/);
    expect(ledger.stdout).toContain("ws_incremental");
  });

  it("`ledger` draws one line per request with its cached share and why a cache missed; `--json` gives the rows", async () => {
    const first = await runCli(["exec", ...against(), "run: true"], { env: suite.world.env() });
    expect(first.stderr).toMatch(/\[request 1\] ws_full.*tokens \(first request\), completed/);
    // as if the server's cache expired while nobody typed: the resumed session repeats the prefix
    suite.server.hooks.forgetPromptCache();
    const resumed = await runCli(["exec", ...against(), "resume", "--last", "run: true"], {
      env: suite.world.env(),
    });
    expect(resumed.stderr).toMatch(
      /\[request 3\] ws_full.*cached 0\/\d+ tokens \(same prefix as #2, 0 min ago\), completed/,
    );

    const picture = await runCli(["ledger"], { env: suite.world.env() });
    const lines = picture.stdout.split("\n");
    const header = lines.findIndex((line) => /^\s+seq\s+turn\s+mode\s+cached share/.test(line));
    expect(header).toBeGreaterThan(0);
    expect(lines.slice(header + 1, header + 5)).toEqual([
      expect.stringMatching(/^\s+1\s+1\s+FULL\s+░{20}\s+0%\s+first_request\s+full: no_baseline$/),
      expect.stringMatching(/^\s+2\s+1\s+inc\s+█+░*\s+\d+%$/),
      expect.stringMatching(/^\s+3\s+2\s+FULL\s+░{20}\s+0%\s+cache_cold:0\s+full: no_baseline$/),
      expect.stringMatching(/^\s+4\s+2\s+inc\s+█+░*\s+\d+%$/),
    ]);
    expect(picture.stdout).toContain("cache misses: cache_cold 1, first_request 1");

    const json = await runCli(["ledger", "--json"], { env: suite.world.env() });
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as {
      summary: { requests: number };
      rows: Array<{ prefix_digest: string; shared_prefix: unknown; cache_diagnosis: unknown }>;
    };
    expect(doc.summary.requests).toBe(4);
    expect(doc.rows.map((row) => row.cache_diagnosis)).toEqual([
      "first_request",
      null,
      "cache_cold:0",
      null,
    ]);
    for (const row of doc.rows) expect(row.prefix_digest).toMatch(/^[0-9a-f]{16}$/);
    expect(doc.rows[2]?.shared_prefix).toMatchObject({ seq: 2 });
  });
});

describe("demo-server command", () => {
  it("serves on the given port until SIGINT", async () => {
    const run = spawnCli(["demo-server", "--port", "0"], { env: suite.world.env() });
    await waitFor(() => run.output().stdout.includes("\n"));
    const url = run.output().stdout.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(`${url}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "m",
        instructions: "",
        input: [],
        tools: [],
        tool_choice: "auto",
        parallel_tool_calls: false,
        store: false,
        stream: true,
      }),
    });
    expect(await response.text()).toContain("response.completed");
    run.child.kill("SIGINT");
    expect((await run.done).code).toBe(0);
  });
});
