import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  codexBinary,
  codexWorld,
  type DemoServerProcess,
  startDemoServerProcess,
} from "./codex-cli.js";

/**
 * The real Codex CLI (the @openai/codex devDependency) runs `codex exec --json` against the
 * `mini-codex demo-server` command, over WebSocket and over HTTP.
 */
const binary = codexBinary();
if ("skip" in binary) console.warn(`Codex CLI tests skipped: ${binary.skip}`);
const describeCodex = "path" in binary ? describe : describe.skip;
const codexPath = "path" in binary ? binary.path : "";

let dir: string;
let server: DemoServerProcess;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mini-codex-demo-server-"));
  server = await startDemoServerProcess(dir);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const itemsOf = (events: Array<Record<string, unknown>>, type: string) =>
  events
    .filter((e) => e.type === "item.completed")
    .map((e) => e.item as Record<string, unknown>)
    .filter((item) => item.type === type);

describeCodex.each([
  ["WebSocket", true],
  ["HTTP", false],
])("codex exec against mini-codex demo-server over %s", (transport, websockets) => {
  let world: ReturnType<typeof codexWorld>;
  beforeAll(() => {
    world = codexWorld(server.baseUrl, websockets);
  });
  afterAll(() => world.cleanup());

  const used = () => {
    const lines = server.requests();
    return lines.filter((line) => line.transport === (websockets ? "ws" : "http"));
  };

  test(`a chat: the answer arrives and every --json line parses (${transport})`, async () => {
    const before = used().length;
    const run = await world.exec(codexPath, "hello from codex");
    expect(run.code, run.stderr).toBe(0);
    expect(itemsOf(run.events, "agent_message").map((item) => item.text)).toEqual([
      "You said: hello from codex",
    ]);
    expect(run.events.at(-1)?.type).toBe("turn.completed");
    expect(used().length).toBeGreaterThan(before);
  }, 120_000);

  test(`a shell command writes a file (${transport})`, async () => {
    const run = await world.exec(codexPath, "run: echo written-by-codex > note.txt");
    expect(run.code, run.stderr).toBe(0);
    const [command] = itemsOf(run.events, "command_execution");
    expect(command).toMatchObject({ status: "completed", exit_code: 0 });
    expect(readFileSync(join(run.work, "note.txt"), "utf8")).toBe("written-by-codex\n");
    expect(itemsOf(run.events, "agent_message").at(-1)?.text).toBe("Ran the command. Exit code 0.");
  }, 120_000);

  test(`a patch adds a file (${transport})`, async () => {
    const run = await world.exec(codexPath, "write notes/plan.txt: patched by codex");
    expect(run.code, run.stderr).toBe(0);
    const [change] = itemsOf(run.events, "file_change");
    expect(change).toMatchObject({ status: "completed" });
    expect(readFileSync(join(run.work, "notes/plan.txt"), "utf8")).toBe("patched by codex\n");
    expect(itemsOf(run.events, "agent_message").at(-1)?.text).toBe("Applied the patch.");
    if (websockets) {
      // the continuation after the patch went incrementally on the socket
      expect(used().some((line) => line.previous_response_id !== null)).toBe(true);
    }
  }, 120_000);
});

/**
 * gpt-6-astra: Codex 0.171 speaks Responses Lite (no top-level tools; one additional_tools
 * item whose `functions` namespace holds only its code-mode `exec` tool). The demo model finds
 * `exec` and writes JavaScript calling `tools.exec_command(...)` / `tools.apply_patch(...)`.
 */
describeCodex("codex exec on gpt-6-astra (Responses Lite, code mode) against demo-server", () => {
  let world: ReturnType<typeof codexWorld>;
  beforeAll(() => {
    world = codexWorld(server.baseUrl, true, { model: "gpt-6-astra", providerName: "OpenAI" });
  });
  afterAll(() => world.cleanup());

  const astra = () => server.requests().filter((line) => line.model === "gpt-6-astra");

  test("a chat: the request is lite (additional_tools, no tools field) and answered", async () => {
    const run = await world.exec(codexPath, "hello on astra");
    expect(run.code, run.stderr).toBe(0);
    expect(itemsOf(run.events, "agent_message").map((item) => item.text)).toEqual([
      "You said: hello on astra",
    ]);
    const lines = astra();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.tools).toEqual([]);
    expect(lines.some((line) => (line.input_types as string[])[0] === "additional_tools")).toBe(
      true,
    );
  }, 120_000);

  test("a shell command runs through code mode's exec tool", async () => {
    const run = await world.exec(codexPath, "run: echo written-on-astra > proof.txt");
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(run.work, "proof.txt"), "utf8")).toBe("written-on-astra\n");
    expect(itemsOf(run.events, "agent_message").at(-1)?.text).toBe("Ran the command. Exit code 0.");
  }, 120_000);

  test("a patch applies through code mode's exec tool", async () => {
    const run = await world.exec(codexPath, "write notes/astra.txt: patched on astra");
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(run.work, "notes/astra.txt"), "utf8")).toBe("patched on astra\n");
    expect(itemsOf(run.events, "agent_message").at(-1)?.text).toBe("Applied the patch.");
  }, 120_000);
});
