import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { type TempWorld, tempWorld } from "../e2e/helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane, widthFor } from "../e2e/tmux.js";

type Body = { input?: Array<{ content?: Array<{ text?: string }> }> };
const agentsMdOf = (body: unknown) =>
  ((body as Body).input ?? [])
    .flatMap((item) => item.content ?? [])
    .map((part) => part.text ?? "")
    .find((text) => text.startsWith("# AGENTS.md instructions"));

// Issue 30 in a real terminal: prompt files as commands, /skills and $name, AGENTS.md in /status.
describe.skipIf(!hasTmux)("TUI in tmux: prompt files, skills, AGENTS.md", () => {
  let server: DemoServer;
  let world: TempWorld;
  let pane: Pane | undefined;
  const open = () => {
    // /status names AGENTS.md by its path (under this run's temp folder, of any length): one row
    const width = widthFor(join(world.repo, "AGENTS.md"), 40, 110);
    pane = startPane({ world, baseUrl: server.baseUrl, width, height: 40 });
    return pane;
  };
  const started = (p: Pane) => p.until(() => p.screen().includes("Esc interrupts"), "the banner");

  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    mkdirSync(join(world.home, "prompts"), { recursive: true });
    writeFileSync(
      join(world.home, "prompts", "review-tests.md"),
      "---\ndescription: list the tests a folder is missing\nargument-hint: FOLDER\n---\nReview the tests under $1 and list what is missing ($ARGUMENTS).\n",
    );
    const skill = join(world.repo, ".agents", "skills", "release-notes");
    mkdirSync(skill, { recursive: true });
    writeFileSync(
      join(skill, "SKILL.md"),
      "---\nname: release-notes\ndescription: Draft release notes from the commits.\n---\nGroup the changes by kind.\n",
    );
    writeFileSync(join(world.repo, "AGENTS.md"), "Version one of the rules.\n");
  }, 180_000);

  afterEach(() => pane?.kill());

  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  it("a prompt file is in the / popup with its description and runs with $1 filled", async () => {
    const p = open();
    await started(p);
    p.literal("/review-t");
    await p.until(() => p.screen().includes("list the tests a folder is missing"), "the popup");
    expect(p.screen()).toMatch(/\/review-tests\s+FOLDER {2}list the tests/);
    p.keys("Tab");
    p.literal("src/");
    p.keys("Enter");
    await p.until(
      () =>
        p
          .screen()
          .includes("You said: Review the tests under src/ and list what is missing (src/)."),
      "the prompt sent with src/ in place of $1",
    );
  }, 60_000);

  it("/skills lists the skill; $ and letters offer it; the sent message uses it", async () => {
    const p = open();
    await started(p);
    p.literal("/skills");
    p.keys("Enter");
    await p.until(() => p.screen().includes("$release-notes  (project)"), "the skills list");
    // the /skills list above already shows the description: the popup is its second copy
    const shownDescriptions = () =>
      p.screen().split("Draft release notes from the commits.").length - 1;
    const inList = shownDescriptions();
    p.literal("please $rel");
    await p.until(() => shownDescriptions() > inList, "the $ popup");
    p.keys("Tab");
    await p.until(() => p.screen().includes("› please $release-notes "), "the insert");
    p.keys("Enter");
    await p.until(
      () => p.screen().includes("Using the release-notes skill: Group the changes by kind."),
      "the skill used",
    );
  }, 60_000);

  it("an AGENTS.md edited mid-session changes nothing until /new; /status says so", async () => {
    const from = server.requests.length;
    const p = open();
    await started(p);
    const firstId = /│ session (\S+)/.exec(p.screen())?.[1];
    p.literal("/status");
    p.keys("Enter");
    await p.until(() => p.screen().includes("edits apply from /new"), "the AGENTS.md lines");
    expect(p.screen()).toContain(`${join(world.repo, "AGENTS.md")}  (26 bytes)`);
    writeFileSync(join(world.repo, "AGENTS.md"), "Version two of the rules.\n");
    p.literal("first");
    p.keys("Enter");
    await p.until(() => p.screen().includes("You said: first"), "the first answer");
    await p.until(() => p.idle(), "the first turn to end");
    const sent = () =>
      server.requests
        .slice(from)
        .map((r) => agentsMdOf(r.body))
        .filter(Boolean);
    // the session's prefix (warm-up or first request) keeps what was read at its start
    expect(sent().join("\n")).toContain("Version one of the rules.");
    expect(sent().join("\n")).not.toContain("Version two");
    // counted before /new: the new session's warm-up may go out before its banner shows
    const afterNew = server.requests.length;
    p.literal("/new");
    p.keys("Enter");
    const ids = () => [...p.screen().matchAll(/│ session (\S+)/g)].map((m) => m[1]);
    await p.until(() => ids().some((id) => id !== firstId), "the new session's banner");
    p.literal("second");
    p.keys("Enter");
    await p.until(() => p.screen().includes("You said: second"), "the second answer");
    const fresh = server.requests
      .slice(afterNew)
      .map((r) => agentsMdOf(r.body))
      .filter(Boolean);
    expect(fresh.join("\n")).toContain("Version two of the rules.");
  }, 90_000);
});
