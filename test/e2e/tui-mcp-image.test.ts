import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { dataUrlFacts } from "../../src/protocol/image-data.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { servers } from "../mcp/servers.js";
import { type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane } from "./tmux.js";

type Output = { type: string; output?: unknown };

describe.skipIf(!hasTmux)("TUI in tmux: an MCP tool answers with an image", () => {
  let server: DemoServer;
  let world: TempWorld;
  let pane: Pane | undefined;

  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    const everything = servers.everything();
    mkdirSync(world.home, { recursive: true });
    writeFileSync(
      join(world.home, "config.toml"),
      `[mcp_servers.everything]\ncommand = ${JSON.stringify(everything.command)}\nargs = ${JSON.stringify(everything.args)}\n`,
    );
  }, 180_000);
  afterEach(() => pane?.kill());
  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  it("the transcript shows the call and the image's label, never its bytes; the model got the image", async () => {
    const p = startPane({ world, baseUrl: server.baseUrl, width: 100, height: 30 });
    pane = p;
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    p.type("call mcp__everything__get-tiny-image {}");
    await p.until(() => p.screen().includes("received image: image/png"), "the reply");

    const sent = server.requests
      .flatMap((r) => ((r.body as { input?: Output[] }).input ?? []) as Output[])
      .find((item) => item.type === "function_call_output")?.output as
      | Array<{ type: string; image_url?: string }>
      | undefined;
    const url = sent?.find((part) => part.type === "input_image")?.image_url ?? "";
    const facts = dataUrlFacts(url);
    expect(facts?.mediaType).toBe("image/png");
    const screen = p.screen();
    expect(screen).toContain("everything.get-tiny-image({})");
    expect(screen).toContain(`[image: image/png, ${facts?.bytes} bytes]`);
    expect(screen).toContain(`received image: image/png, ${facts?.bytes} bytes`);
    expect(screen).not.toContain(url.slice("data:image/png;base64,".length).slice(0, 24));
  }, 60_000);
});
