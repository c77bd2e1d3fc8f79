import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { type TempWorld, tempWorld } from "../e2e/helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane, widthFor } from "../e2e/tmux.js";

type Body = { prompt_cache_key?: string; previous_response_id?: string; input?: unknown[] };
const RULE = "review rule: /== null/ P1 Use === undefined: == null also lets null through";

describe.skipIf(!hasTmux)("TUI in tmux: /review", () => {
  let server: DemoServer;
  let world: TempWorld;
  let pane: Pane | undefined;

  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
        cwd: world.repo,
      });
    writeFileSync(join(world.repo, "AGENTS.md"), `${RULE}\n`);
    writeFileSync(join(world.repo, "lookup.js"), "export const find = (m, k) => m.get(k);\n");
    git("add", ".");
    git("commit", "-qm", "first");
    writeFileSync(
      join(world.repo, "lookup.js"),
      "export const find = (m, k) =>\n  k == null ? undefined : m.get(k);\n",
    );
  }, 180_000);

  afterEach(() => pane?.kill());
  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  it("reviews in a fork that keeps the session's prefix and cache key; the session goes on unchanged", async () => {
    const file = join(world.repo, "lookup.js");
    const planted = readFileSync(file, "utf8");
    const from = server.requests.length;
    const finding = `[P1] Use === undefined: == null also lets null through — ${file}:2`;
    // the finding names the file (under this run's temp folder, of any length): on one row
    const width = widthFor(`  ${finding}`, 10, 120);
    // kept in `pane`: the afterEach ends it (a pane not kept there outlived the run)
    const p = startPane({ world, baseUrl: server.baseUrl, width, height: 40 });
    pane = p; // afterEach kills it: the pane was never assigned, and its tmux server outlived the run
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    p.literal("hello");
    p.keys("Enter");
    await p.until(() => p.screen().includes("You said: hello"), "the first answer");
    await p.until(() => p.idle(), "the first turn to end");
    const parent = server.requests.at(-1)?.body as Body;
    // the session's first request (the warm-up) carries its initial context
    const opening = server.requests[from]?.body as Body;
    const context = opening.input ?? [];
    expect(JSON.stringify(context)).toContain("<permissions>");

    p.literal("/review");
    p.keys("Enter");
    await p.until(() => p.screen().includes(finding), "the finding");
    expect(p.screen()).toContain("this session is unchanged");
    const review = server.requests.at(-1)?.body as Body;
    expect(review.prompt_cache_key).toBe(parent.prompt_cache_key);
    // the fork's request starts with the parent's context and conversation: the cached prefix holds
    const input = (review.input ?? []).map((item) => JSON.stringify(item));
    expect(input.slice(0, context.length)).toEqual(context.map((item) => JSON.stringify(item)));
    const at = (text: string) => input.findIndex((item) => item.includes(text));
    expect(at("You said: hello")).toBeGreaterThan(at('"hello"'));
    expect(at("<review_request>")).toBeGreaterThan(at("You said: hello"));
    expect(JSON.stringify(review.input)).toContain("runs in a read-only sandbox");
    expect(readFileSync(file, "utf8")).toBe(planted);

    p.literal("and now?");
    p.keys("Enter");
    await p.until(() => p.screen().includes("You said: and now?"), "the parent going on");
    const after = JSON.stringify(server.requests.at(-1)?.body);
    expect(after).not.toContain("review_request");
  }, 90_000);
});
