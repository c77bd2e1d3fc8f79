import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PNG, PNG_DATA_URL } from "../tools/images.js";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// The name has no image extension, so the composer leaves it as text (no chip): the model
// asks for it with view_image, whose encoder types it by its bytes.
const NAME = "shot.img";
const LINE = `Viewed [image: ${NAME}, image/png, ${PNG.length} bytes]`;

describe.skipIf(!hasTmux)("TUI in tmux: the model views a workspace image", () => {
  const tui = useTuiWorld({ prepare: (world) => writeFileSync(join(world.repo, NAME), PNG) });
  const open = (args: string[] = []) => tui.open(args);

  it("shows the image's label (never its bytes), the reply reports it, and resume shows the same line", async () => {
    const p = open();
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    p.type(`view: ${NAME}`);
    await p.until(
      () => p.screen().includes(`received image: image/png, ${PNG.length} bytes`),
      "the reply",
    );
    expect(p.screen()).toContain(LINE);
    expect(p.screen()).not.toContain(PNG.toString("base64").slice(0, 24));
    const outputs = tui.server.requests.flatMap(
      (r) => (r.body as { input?: Array<{ type: string; output?: unknown }> }).input ?? [],
    );
    expect(outputs.find((item) => item.type === "function_call_output")?.output).toEqual([
      { type: "input_image", image_url: PNG_DATA_URL },
    ]);

    await p.until(() => p.idle(), "the turn to end");
    const file = readdirSync(join(tui.world.home, "sessions")).find(
      (name) => name.endsWith(".jsonl") && !name.endsWith(".ledger.jsonl"),
    );
    const path = join(tui.world.home, "sessions", file ?? "");
    const id = String(JSON.parse(readFileSync(path, "utf8").split("\n")[0] ?? "{}").id);
    p.kill();
    const resumed = open(["resume", id]);
    await resumed.until(() => resumed.screen().includes(`Resumed session ${id}`), "the resume");
    expect(resumed.screen()).toContain(LINE);
  }, 60_000);
});
