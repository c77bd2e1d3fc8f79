import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { jsonLines, runCli, type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, startPane } from "./tmux.js";

describe.skipIf(!hasTmux)("resuming a damaged session in the TUI (tmux, demo server)", () => {
  let server: DemoServer;
  let world: TempWorld;
  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  it("a transcript note says how many lines were unreadable and where", async () => {
    const first = await runCli(
      ["exec", "--json", "-c", `openai_base_url=${server.baseUrl}`, "-C", world.repo, "hello"],
      { env: world.env() },
    );
    expect(first.code).toBe(0);
    const id = (jsonLines(first.stdout)[0] as unknown as { thread_id: string }).thread_id;
    const path = join(world.home, "sessions", `${id}.jsonl`);
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    writeFileSync(path, `${[...lines, "{torn by a crash"].join("\n")}\n`);

    const pane = startPane({
      world,
      baseUrl: server.baseUrl,
      args: ["resume", id],
      width: 200,
      height: 40,
    });
    try {
      const note = `⚠ ${path}: 1 line could not be read and was skipped (line ${lines.length + 1})`;
      await pane.until(() => pane.screen().includes(note), "the note about the unreadable line");
      // the conversation itself is back
      expect(pane.screen()).toContain("hello");
    } finally {
      pane.kill();
    }
  });
});
