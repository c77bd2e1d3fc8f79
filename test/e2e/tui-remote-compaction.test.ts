import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import type { RecordedRequest } from "../../src/demo/types.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane } from "./tmux.js";

// /compact on a model that compacts server-side, in the built TUI (tmux) on the demo server.

async function quit(pane: Pane): Promise<void> {
  pane.keys("C-c");
  await pane.until(() => pane.screen().includes("Ctrl+C again"), "the quit hint");
  pane.keys("C-c");
  await pane.until(() => !pane.alive(), "the TUI to quit");
  pane.kill();
}

const inputTypes = (r: RecordedRequest | undefined) =>
  ((r?.body as { input?: { type: string }[] })?.input ?? []).map((item) => item.type);

describe.skipIf(!hasTmux)("remote compaction in the TUI (tmux, demo server)", () => {
  let server: DemoServer;
  let world: TempWorld;
  const open = (args: string[]) =>
    startPane({ world, baseUrl: server.baseUrl, args, width: 110, height: 40 });

  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  it("/compact: one compaction item, the next request full, the one after incremental; resume --last works", async () => {
    const pane = open(["-m", "gpt-6-astra"]);
    await pane.until(() => pane.screen().includes("/help for commands"), "the TUI to start");
    pane.type("remember the word pelican");
    await pane.until(
      () => pane.screen().includes("You said: remember the word pelican"),
      "the answer",
    );
    pane.type("/compact");
    await pane.until(
      () => pane.screen().includes("Context compacted by the server"),
      "the compaction",
    );
    const trigger = server.requests.at(-1);
    expect(inputTypes(trigger).at(-1)).toBe("compaction_trigger");
    pane.type("second question");
    await pane.until(
      () => pane.screen().includes("You said: second question"),
      "the second answer",
    );
    pane.type("third question");
    await pane.until(() => pane.screen().includes("You said: third question"), "the third answer");
    await quit(pane);

    const [full, next] = server.requests.slice(-2);
    expect(full?.previousResponseId).toBeUndefined();
    expect(inputTypes(full).filter((t) => t === "compaction")).toHaveLength(1);
    expect(inputTypes(full)).not.toContain("compaction_trigger");
    expect(next?.previousResponseId).toBe(full?.responseId);
    expect(inputTypes(next)).toEqual(["message"]);

    const resumed = open(["resume", "--last"]);
    await resumed.until(() => resumed.screen().includes("Resumed session"), "the resumed session");
    resumed.type("after resume");
    await resumed.until(() => resumed.screen().includes("You said: after resume"), "the answer");
    await quit(resumed);
    expect(JSON.stringify(server.requests.at(-1)?.body)).not.toContain("compaction_trigger");
  }, 120_000);
});
