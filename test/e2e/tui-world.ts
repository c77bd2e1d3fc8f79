import { afterAll, afterEach, beforeAll } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, type Pane, type PaneOptions, startPane } from "./tmux.js";

/** The TUI's world for one test file: the built binary, a demo server, a temp home and repo. */
export interface TuiWorld {
  readonly server: DemoServer;
  readonly world: TempWorld;
  /** The TUI in a tmux pane of its own (100×30 unless given), on this world's server. */
  open(args?: string[], width?: number, height?: number, more?: Partial<PaneOptions>): Pane;
}

/**
 * Registers the file's hooks: build if stale, start the server and the world (then `prepare`),
 * and at the end kill the panes (after each test, or after the file with `panes: "per-file"`),
 * close the server and remove the world.
 */
export function useTuiWorld(
  options: { prepare?(world: TempWorld): void; panes?: "per-test" | "per-file" } = {},
): TuiWorld {
  let server: DemoServer | undefined;
  let world: TempWorld | undefined;
  let panes: Pane[] = [];
  const killAll = () => {
    for (const pane of panes) pane.kill();
    panes = [];
  };
  const it: TuiWorld = {
    get server() {
      if (!server) throw new Error("the demo server is not started yet");
      return server;
    },
    get world() {
      if (!world) throw new Error("the world is not made yet");
      return world;
    },
    open(args = [], width = 100, height = 30, more = {}) {
      const pane = startPane({
        world: it.world,
        baseUrl: it.server.baseUrl,
        args,
        width,
        height,
        ...more,
      });
      panes.push(pane);
      return pane;
    },
  };
  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    options.prepare?.(world);
  }, 180_000);
  if (options.panes !== "per-file") afterEach(killAll);
  afterAll(async () => {
    killAll();
    await server?.close();
    world?.cleanup();
  });
  return it;
}
