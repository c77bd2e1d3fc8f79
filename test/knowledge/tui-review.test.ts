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

// /review with no argument opens the Codex CLI's preset picker (issue 46): base branch,
// uncommitted changes, a commit, custom instructions, each asking what it needs.
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
    git("branch", "base-line");
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

    // no argument: the presets, as the Codex CLI offers them; arrows and Enter pick one
    p.literal("/review");
    p.keys("Enter");
    await p.until(() => p.screen().includes("Select a review preset"), "the preset picker");
    for (const preset of ["against a base branch", "uncommitted changes", "a commit", "Custom"]) {
      expect(p.screen()).toContain(preset);
    }
    p.keys("Down");
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
    await p.until(() => p.idle(), "the turn to end");

    // each other preset asks what it needs: a local branch, a recent commit, the instructions
    const reviewed = () => JSON.stringify(server.requests.at(-1)?.body);
    const preset = async (downs: number) => {
      p.literal("/review");
      p.keys("Enter");
      await p.until(() => p.screen().includes("Select a review preset"), "the preset picker");
      for (let i = 0; i < downs; i++) p.keys("Down");
      p.keys("Enter");
    };
    await preset(0);
    await p.until(() => p.screen().includes("Select a base branch"), "the branch picker");
    expect(p.screen()).toContain("base-line");
    p.keys("Enter");
    await p.until(() => reviewed().includes("against the base branch base-line"), "base review");
    await p.until(() => p.idle(), "the base review to end");
    await preset(2);
    await p.until(() => p.screen().includes("Select a commit to review"), "the commit picker");
    expect(p.screen()).toMatch(/[0-9a-f]{7} first/);
    p.keys("Enter");
    await p.until(() => reviewed().includes("Under review: the commit "), "commit review");
    await p.until(() => p.idle(), "the commit review to end");
    await preset(3);
    await p.until(() => p.screen().includes("› /review custom"), "the instructions prompt");
    p.literal("look at the null checks");
    p.keys("Enter");
    await p.until(
      () => reviewed().includes("Instructions: look at the null checks"),
      "the custom review",
    );
    // the demo reviewer finds nothing without a diff: its answer is printed as the review's
    const lastReview = () => p.screen().split("Reviewing in a read-only fork").at(-1) ?? "";
    await p.until(() => lastReview().includes("No findings."), "the custom review's answer");
  }, 120_000);
});
