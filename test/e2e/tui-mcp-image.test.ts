import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataUrlFacts } from "../../src/protocol/image-data.js";
import { servers } from "../mcp/servers.js";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

type Output = { type: string; output?: unknown };

describe.skipIf(!hasTmux)("TUI in tmux: an MCP tool answers with an image", () => {
  const tui = useTuiWorld({
    prepare(world) {
      const everything = servers.everything();
      mkdirSync(world.home, { recursive: true });
      writeFileSync(
        join(world.home, "config.toml"),
        `[mcp_servers.everything]\ncommand = ${JSON.stringify(everything.command)}\nargs = ${JSON.stringify(everything.args)}\n`,
      );
    },
  });

  it("the transcript shows the call and the image's label, never its bytes; the model got the image", async () => {
    const p = tui.open();
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    p.type("call mcp__everything__get-tiny-image {}");
    await p.until(() => p.screen().includes("received image: image/png"), "the reply");

    const sent = tui.server.requests
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
