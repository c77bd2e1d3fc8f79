import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import { jsonLines, runCli, type TempWorld } from "./helpers.js";
import { hasTmux, type Pane, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// resume, the resume picker and /fork in the built binary's TUI, in tmux, on the demo server.

/** Ctrl+C twice; the pane stays (remain-on-exit) until killed. */
async function quit(pane: Pane): Promise<void> {
  pane.keys("C-c");
  await pane.until(() => pane.screen().includes("Ctrl+C again"), "the quit hint");
  pane.keys("C-c");
  await pane.until(() => !pane.alive(), "the TUI to quit");
  pane.kill();
}

const inputTypes = (r: RecordedRequest | undefined) =>
  ((r?.body as { input?: { type: string }[] })?.input ?? []).map((item) => item.type);

function sessionFiles(world: TempWorld): string[] {
  const dir = join(world.home, "sessions");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl") && !name.endsWith(".ledger.jsonl"))
    .map((name) => join(dir, name));
}

function codeCaches(world: TempWorld): { name: string; bytes: string }[] {
  const dir = join(world.home, "cache", "code");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => ({
    name,
    bytes: readFileSync(join(dir, name)).toString("base64"),
  }));
}

/** Whether a session file holds `text` (the answer was appended to its history). */
function savedAnswer(world: TempWorld, text: string): boolean {
  try {
    return sessionFiles(world).some((path) => readFileSync(path, "utf8").includes(text));
  } catch {
    return false;
  }
}

function meta(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8").split("\n")[0] ?? "{}") as Record<string, unknown>;
}

function idOfSessionSaying(world: TempWorld, text: string): string {
  const file = sessionFiles(world).find((path) => readFileSync(path, "utf8").includes(text));
  if (!file) throw new Error(`no session file mentions ${text}`);
  return String(meta(file).id);
}

describe.skipIf(!hasTmux)("sessions in the TUI (tmux, demo server)", () => {
  const tuiWorld = useTuiWorld();
  const open = (args: string[] = []) => tuiWorld.open(args, 110, 40);

  it("resume --last shows the earlier conversation and answers a new message, chained after one full request", async () => {
    const first = open();
    await first.until(() => first.screen().includes("/help for commands"), "the TUI to start");
    first.type("remember the word pelican");
    await first.until(
      () => first.screen().includes("You said: remember the word pelican"),
      "the answer",
    );
    // the answer on screen is saved once its response completed: quit after that, not while
    // the text still streams (Ctrl+C then interrupts the turn, as it should)
    await first.until(
      () => savedAnswer(tuiWorld.world, "You said: remember the word pelican"),
      "the saved answer",
    );
    await quit(first);
    const id = idOfSessionSaying(tuiWorld.world, "pelican");
    // the first launch in this new home ran from the code cache the build seeded
    // (build/seed-code-cache.mjs): accepted, so it compiled nothing and wrote no cache of its own
    const cached = codeCaches(tuiWorld.world);
    expect(cached).toEqual([]);

    const before = tuiWorld.server.requests.length;
    const resumed = open(["resume", "--last"]);
    await resumed.until(
      () => resumed.screen().includes(`Resumed session ${id}`),
      "the resumed session",
    );
    expect(resumed.screen()).toContain("remember the word pelican");
    expect(resumed.screen()).toContain("You said: remember the word pelican");
    resumed.type("and now a new message");
    await resumed.until(
      () => resumed.screen().includes("You said: and now a new message"),
      "the new answer",
    );
    // saved before quitting, as above (the next test reopens this session and expects it)
    await resumed.until(
      () => savedAnswer(tuiWorld.world, "You said: and now a new message"),
      "the saved new answer",
    );
    await quit(resumed);
    // the resumed TUI ran from it too
    expect(codeCaches(tuiWorld.world)).toEqual(cached);

    // the new socket starts with one full request (the warm-up, whole history), then chains
    const after = tuiWorld.server.requests.slice(before);
    expect(after[0]?.previousResponseId).toBeUndefined();
    expect(JSON.stringify(after[0]?.body)).toContain("remember the word pelican");
    expect(after[1]?.previousResponseId).toBe(after[0]?.responseId);
    expect(after[1]?.connectionId).toBe(after[0]?.connectionId);
    expect(
      after.every((r) => (r.body as { prompt_cache_key?: string }).prompt_cache_key === id),
    ).toBe(true);
  }, 90_000);

  it("the picker lists this directory's sessions newest first and opens the chosen one", async () => {
    const other = open();
    await other.until(() => other.screen().includes("/help for commands"), "the TUI to start");
    other.type("a note about otters");
    await other.until(() => other.screen().includes("You said: a note about otters"), "the answer");
    await other.until(
      () => savedAnswer(tuiWorld.world, "You said: a note about otters"),
      "the saved answer",
    );
    await quit(other);
    const pelican = idOfSessionSaying(tuiWorld.world, "pelican");

    const picker = open(["resume"]);
    await picker.until(
      () => picker.screen().includes("Resume a session (2)"),
      "the list of two sessions",
    );
    const rows = picker.screen().split("\n");
    const otters = rows.findIndex((line) => line.includes("a note about otters · 1 turn"));
    const older = rows.findIndex((line) => line.includes("remember the word pelican · 2 turns"));
    expect(otters).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(otters);
    picker.keys("Down");
    picker.keys("Enter");
    await picker.until(
      () => picker.screen().includes(`Resumed session ${pelican}`),
      "the chosen session",
    );
    expect(picker.screen()).toContain("You said: and now a new message");
    expect(picker.screen()).not.toContain("a note about otters");
    await quit(picker);
  }, 90_000);

  it("/fork goes on under a new session id with the parent's prompt cache; the parent's file is unchanged", async () => {
    const parent = idOfSessionSaying(tuiWorld.world, "pelican");
    const parentFile = join(tuiWorld.world.home, "sessions", `${parent}.jsonl`);
    const parentText = readFileSync(parentFile, "utf8");

    const tui = open(["resume", parent]);
    await tui.until(
      () => tui.screen().includes(`Resumed session ${parent}`),
      "the resumed session",
    );
    tui.type("/fork");
    await tui.until(() => tui.screen().includes(`Forked from ${parent}`), "the fork");
    const forkFile = sessionFiles(tuiWorld.world).find((path) => meta(path).forked_from === parent);
    const forkId = String(meta(forkFile ?? "").id);
    expect(forkId).not.toBe(parent);
    expect(tui.screen()).toContain(`session ${forkId}`);
    const before = tuiWorld.server.requests.length;
    tui.type("a message in the fork");
    await tui.until(
      () => tui.screen().includes("You said: a message in the fork"),
      "the fork's answer",
    );
    await quit(tui);

    expect(readFileSync(parentFile, "utf8")).toBe(parentText);
    expect(meta(forkFile ?? "")).toMatchObject({
      id: forkId,
      forked_from: parent,
      prompt_cache_key: parent,
    });
    const forkText = readFileSync(forkFile ?? "", "utf8");
    expect(forkText).toContain("remember the word pelican");
    expect(forkText).toContain("a message in the fork");
    const sent = tuiWorld.server.requests
      .slice(before)
      .map((r) => r.body as { prompt_cache_key?: string });
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((body) => body.prompt_cache_key === parent)).toBe(true);
  }, 90_000);

  it("resuming a damaged session: a transcript note says how many lines were unreadable and where", async () => {
    const first = await runCli(
      [
        "exec",
        "--json",
        "-c",
        `openai_base_url=${tuiWorld.server.baseUrl}`,
        "-C",
        tuiWorld.world.repo,
        "hello damaged",
      ],
      { env: tuiWorld.world.env() },
    );
    expect(first.code).toBe(0);
    const id = (jsonLines(first.stdout)[0] as unknown as { thread_id: string }).thread_id;
    const path = join(tuiWorld.world.home, "sessions", `${id}.jsonl`);
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    writeFileSync(path, `${[...lines, "{torn by a crash"].join("\n")}\n`);
    // the note names the file (under this run's temp folder, of any length): on one row
    const note = `⚠ ${path}: 1 line could not be read and was skipped (line ${lines.length + 1})`;
    const pane = tuiWorld.open(["resume", id], widthFor(note, 10, 200), 40);
    try {
      await pane.until(() => pane.screen().includes(note), "the note about the unreadable line");
      expect(pane.screen()).toContain("hello damaged");
    } finally {
      pane.kill();
    }
  }, 90_000);

  it("/compact: one compaction item, the next request full, the one after incremental; resume --last works", async () => {
    const pane = open(["-m", "gpt-6-astra"]);
    await pane.until(() => pane.screen().includes("/help for commands"), "the TUI to start");
    pane.type("remember the word pelican");
    await pane.until(
      () => pane.screen().includes("You said: remember the word pelican"),
      "the answer",
    );
    // the turn ends after its answer (the workspace checkpoint): /compact waits for that
    await pane.until(() => pane.idle(), "the turn's end");
    pane.type("/compact");
    await pane.until(
      () => pane.screen().includes("Context compacted by the server"),
      "the compaction",
    );
    const trigger = tuiWorld.server.requests.at(-1);
    expect(inputTypes(trigger).at(-1)).toBe("compaction_trigger");
    pane.type("second question");
    await pane.until(
      () => pane.screen().includes("You said: second question"),
      "the second answer",
    );
    pane.type("third question");
    await pane.until(() => pane.screen().includes("You said: third question"), "the third answer");
    await quit(pane);

    const [full, next] = tuiWorld.server.requests.slice(-2);
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
    expect(JSON.stringify(tuiWorld.server.requests.at(-1)?.body)).not.toContain(
      "compaction_trigger",
    );
  }, 120_000);
});
