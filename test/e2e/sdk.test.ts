import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Codex } from "@openai/codex-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { parseSessionFile } from "../../src/session/store/session-file-read.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { BIN, type TempWorld, tempWorld } from "./helpers.js";

let server: DemoServer;
let world: TempWorld;

beforeAll(async () => {
  server = await startCheckedDemoServer();
  world = tempWorld();
});
afterAll(async () => {
  await server.close();
  world.cleanup();
});

type Body = {
  prompt_cache_key?: string;
  previous_response_id?: string;
  input: Array<{ type: string; role?: string; content?: Array<{ text?: string }> }>;
};

const userTexts = (body: Body) =>
  body.input
    .filter((item) => item.type === "message" && item.role === "user")
    .map((item) => item.content?.[0]?.text ?? "");

describe("@openai/codex-sdk drives the built binary unchanged", () => {
  it("two runs on one thread: the second process resumes the saved session with the same cache key", async () => {
    const codex = new Codex({
      codexPathOverride: BIN,
      baseUrl: server.baseUrl,
      apiKey: "sk-demo-not-a-real-key",
      env: world.env() as Record<string, string>,
    });
    const thread = codex.startThread({
      workingDirectory: world.repo,
      sandboxMode: "workspace-write",
    });

    const first = await thread.run("run: printf sdk > sdk.txt");
    expect(readFileSync(join(world.repo, "sdk.txt"), "utf8")).toBe("sdk");
    expect(first.finalResponse).toBe("Ran the command. Exit code 0.");
    // gpt-5-codex reasons: each response opens with its reasoning summary
    expect(first.items.map((item) => item.type)).toEqual([
      "reasoning",
      "command_execution",
      "reasoning",
      "agent_message",
    ]);
    expect(first.items[1]).toMatchObject({
      command: "printf sdk > sdk.txt",
      exit_code: 0,
      status: "completed",
    });
    expect(first.usage?.input_tokens).toBeGreaterThan(0);
    expect(typeof first.usage?.cached_input_tokens).toBe("number");
    const threadId = thread.id;
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);

    const before = server.requests.length;
    const second = await thread.run("write notes.txt: from the sdk");
    expect(readFileSync(join(world.repo, "notes.txt"), "utf8")).toBe("from the sdk\n");
    expect(second.items.map((item) => item.type).filter((type) => type !== "reasoning")).toEqual([
      "file_change",
      "agent_message",
    ]);
    expect(second.finalResponse).toBe("Applied the patch.");
    expect(second.usage?.cached_input_tokens).toBeGreaterThan(0);

    const firstOfSecondRun = server.requests
      .slice(before)
      .find((request) => request.generate !== false);
    const body = firstOfSecondRun?.body as Body;
    expect(body.prompt_cache_key).toBe(threadId);
    expect(body.previous_response_id).toBeUndefined();
    expect(userTexts(body).slice(-2)).toEqual([
      "run: printf sdk > sdk.txt",
      "write notes.txt: from the sdk",
    ]);
    expect(body.input.some((item) => item.type === "function_call_output")).toBe(true);
    for (const request of server.requests) {
      expect((request.body as Body).prompt_cache_key).toBe(threadId);
      // the SDK hands the key over as CODEX_API_KEY; the identity stays mini-codex's own
      expect(request.headers.authorizationPresent).toBe(true);
      expect(request.headers.originator).toBe("mini_codex");
    }

    const files = readdirSync(join(world.home, "sessions")).filter(
      (name) => !name.endsWith(".ledger.jsonl"),
    );
    expect(files).toEqual([`${threadId}.jsonl`]);
    const saved = parseSessionFile(
      readFileSync(join(world.home, "sessions", `${threadId}.jsonl`), "utf8"),
    );
    const texts = saved.history
      .filter((item) => item.type === "message" && item.role === "user")
      .map((item) => JSON.stringify(item));
    expect(texts.some((text) => text.includes("run: printf sdk > sdk.txt"))).toBe(true);
    expect(texts.some((text) => text.includes("write notes.txt: from the sdk"))).toBe(true);
    expect(
      saved.history.filter((item) => item.type === "message" && item.role === "assistant"),
    ).toHaveLength(2);
  });
});
