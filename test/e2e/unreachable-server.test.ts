import { describe, expect, it } from "vitest";
import { freePort, runCli, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, startPane } from "./tmux.js";

// Issue 37: a wrong base URL said "fetch failed"; exec and the TUI name the URL and the cause.
const provider = (port: number) => [
  "-c",
  `model_providers.local.base_url="http://127.0.0.1:${port}/v1"`,
  "-c",
  'model_provider="local"',
  "-c",
  "model_providers.local.request_max_retries=0",
];
const said = (port: number) =>
  `cannot reach POST http://127.0.0.1:${port}/v1/responses: connection refused: nothing listens there (ECONNREFUSED)`;

describe("a base URL nothing listens on", () => {
  it("exec fails naming the URL and the refused connection", async () => {
    const world = tempWorld();
    try {
      const port = await freePort();
      const run = await runCli(["exec", ...provider(port), "-C", world.repo, "hello"], {
        env: world.env(),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`network error: ${said(port)}`);
      expect(run.stderr).not.toContain("fetch failed");
    } finally {
      world.cleanup();
    }
  }, 60_000);

  it.skipIf(!hasTmux)(
    "the TUI shows the same, then takes the next message and quits",
    async () => {
      buildIfStale();
      const world = tempWorld();
      const port = await freePort();
      const pane = startPane({
        world,
        baseUrl: `http://127.0.0.1:${port}/v1`,
        args: provider(port),
        width: 200,
      });
      try {
        await pane.until(() => pane.screen().includes("Ctrl+C twice quits"), "the banner");
        pane.type("hello");
        await pane.until(() => pane.screen().includes(said(port)), "the error naming the URL");
        await pane.until(() => pane.idle(), "the failed turn to end");
        pane.type("again");
        await pane.until(
          () => pane.screen().split(said(port)).length === 3,
          "the second message's error",
        );
        pane.keys("C-c");
        pane.keys("C-c");
        await pane.until(() => !pane.alive(), "Ctrl+C twice to quit");
      } finally {
        pane.kill();
        world.cleanup();
      }
    },
    90_000,
  );
});
