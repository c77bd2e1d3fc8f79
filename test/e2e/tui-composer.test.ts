import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux, type Pane, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

const PNG_FIXTURE = join(import.meta.dirname, "..", "fixtures", "images", "fixture.png");
type UserItem = { role?: string; content?: { type: string }[] };

// Issue 16 in a real terminal: the composer and launch surface a Codex CLI user reaches for.
describe.skipIf(!hasTmux)("TUI in tmux: composer popups, pastes, shell escapes", () => {
  const tui = useTuiWorld({
    prepare(world) {
      mkdirSync(join(world.repo, "src", "widgets"), { recursive: true });
      writeFileSync(join(world.repo, "src", "widgets", "gear-box.ts"), "export {};\n");
      writeFileSync(join(world.repo, "README.md"), "# demo\n");
      writeFileSync(join(world.repo, ".gitignore"), "ignored-gearbox.ts\n");
      writeFileSync(join(world.repo, "ignored-gearbox.ts"), "\n");
    },
  });
  const open = (args: string[] = [], width = 100, height = 30) => tui.open(args, width, height);
  const started = (p: Pane) => p.until(() => p.screen().includes("Esc interrupts"), "the banner");

  it("@ and a few letters offers a matching path (not an ignored one) and Tab inserts it", async () => {
    const p = open();
    await started(p);
    p.literal("look at @gearb");
    await p.until(() => p.screen().includes("@src/widgets/gear-box.ts"), "the file popup");
    expect(p.screen()).not.toContain("ignored-gearbox.ts");
    p.keys("Tab");
    await p.until(() => p.screen().includes("› look at @src/widgets/gear-box.ts"), "the insert");
    p.keys("Enter");
    await p.until(() => p.screen().includes("You said: look at @src/widgets/gear-box.ts"), "sent");
  }, 60_000);

  it("/ and letters narrow the command popup and Tab completes /effort", async () => {
    const p = open();
    await started(p);
    p.literal("/");
    await p.until(() => p.screen().includes("/compact"), "the command popup");
    expect(p.screen()).toContain("/effort");
    p.literal("ef");
    await p.until(() => !p.screen().includes("/compact"), "the popup to narrow");
    expect(p.screen()).toMatch(/› \/effort .*reasoning effort/);
    p.keys("Tab");
    await p.until(() => p.screen().includes("› /effort "), "the completion");
    p.literal("high");
    p.keys("Enter");
    await p.until(() => p.screen().includes("Reasoning effort: high"), "the command to run");
  }, 60_000);

  it("a 300-line paste is one placeholder line in the composer and arrives whole at the server", async () => {
    const p = open();
    await started(p);
    const lines = Array.from({ length: 300 }, (_, i) => `pasted row ${i + 1}`);
    const text = lines.join("\n");
    p.paste(text);
    const label = `[Pasted ${text.length.toLocaleString("en-US").replaceAll(",", " ")} chars]`;
    await p.until(() => p.screen().includes(`› ${label}`), "the placeholder");
    expect(p.screen()).not.toContain("pasted row");
    p.keys("Enter");
    const carrying = () =>
      tui.server.requests
        .map((r) => JSON.stringify(r.body))
        .find((b) => b.includes("pasted row 1\\n"));
    await p.until(() => carrying() !== undefined, "the request with the paste");
    expect(carrying()).toContain(JSON.stringify(text).slice(1, -1));
  }, 60_000);

  it("!echo hi shows hi and the next request carries it", async () => {
    const p = open();
    await started(p);
    p.type("!echo hi-from-the-shell");
    await p.until(() => p.screen().includes("$ echo hi-from-the-shell"), "the command");
    await p.until(() => /^\s+hi-from-the-shell\s*$/m.test(p.screen()), "its output");
    await p.until(() => p.idle(), "the command to end");
    // Nothing went to the model for the command itself.
    expect(JSON.stringify(tui.server.requests.map((r) => r.body))).not.toContain(
      "hi-from-the-shell",
    );
    p.type("what did it print?");
    await p.until(() => p.screen().includes("You said: what did it print?"), "the answer");
    const sent = modelSaw(tui.server.requests, "what did it print?");
    expect(sent).toContain("<command>echo hi-from-the-shell</command>");
    expect(sent).toContain("hi-from-the-shell\\n");
  }, 60_000);

  it("!ls on gpt-6.2-sol runs through exec_command (its only shell tool) and the next request carries it", async () => {
    const p = open(["-m", "gpt-6.2-sol"]);
    await started(p);
    p.type("!ls");
    await p.until(() => p.screen().includes("$ ls"), "the command");
    await p.until(() => /^\s+README\.md\s*$/m.test(p.screen()), "the listing");
    await p.until(() => p.idle(), "the command to end");
    expect(p.screen()).not.toContain("unsupported call");
    p.type("what did ls list?");
    await p.until(() => p.screen().includes("You said: what did ls list?"), "the answer");
    const body = modelSaw(tui.server.requests, "what did ls list?");
    expect(body).toContain("<command>ls</command>");
    expect(body).toContain("README.md");
    // the tools the session declared: exec_command, and no shell_command
    const sent = JSON.stringify(
      tui.server.requests.map((r) => r.body).filter((b) => JSON.stringify(b).includes("gpt-6.2")),
    );
    expect(sent.includes('"exec_command"')).toBe(true);
    expect(sent.includes('"shell_command"')).toBe(false);
  }, 60_000);

  it("a notification (OSC 9) is written when a turn ends without focus, and not with it", async () => {
    const p = open(["-c", "tui.notifications=true"]);
    const raw = join(tui.world.root, `pane-${Date.now()}.raw`);
    writeFileSync(raw, "");
    p.recordTo(raw);
    await started(p);
    const osc9 = () => readFileSync(raw, "latin1").split("\u001b]9;").length - 1;
    // The app asked for focus reports.
    await p.until(() => readFileSync(raw, "latin1").includes("\u001b[?1004h"), "focus reporting");
    p.bytes("1b", "5b", "4f"); // focus out
    p.type("while away");
    await p.until(() => p.screen().includes("You said: while away"), "the first answer");
    await p.until(() => osc9() === 1, "the notification");
    expect(readFileSync(raw, "latin1")).toContain("\u001b]9;mini-codex: the turn finished\u0007");
    p.bytes("1b", "5b", "49"); // focus in
    p.type("while here");
    await p.until(() => p.screen().includes("You said: while here"), "the second answer");
    await p.until(() => p.idle(), "the turn to end");
    expect(osc9()).toBe(1);
  }, 60_000);
  it("a pasted image path becomes [image: fixture.png], goes out after its path as input_image, and survives resume", async () => {
    const dragged = join(tui.world.root, "my shots", "fixture.png");
    mkdirSync(dirname(dragged), { recursive: true });
    copyFileSync(PNG_FIXTURE, dragged);
    const dataUrl = `data:image/png;base64,${readFileSync(PNG_FIXTURE).toString("base64")}`;
    // the message shows the path (this run's temp folder, of any length) on one row
    const p = open([], widthFor(`› [image: ${dragged}] what is this`, 10));
    await started(p);
    // A terminal pastes a dragged file's path with its spaces escaped.
    p.paste(dragged.replaceAll(" ", "\\ "));
    await p.until(() => p.screen().includes("› [image: fixture.png]"), "the chip");
    expect(p.screen()).not.toContain("my shots");
    p.literal(" what is this");
    p.keys("Enter");
    const size = readFileSync(PNG_FIXTURE).length;
    await p.until(
      () => p.screen().includes(`received image: image/png, ${size} bytes`),
      "the demo's acknowledgement",
    );
    // The model reads where the file is (outside the workspace: its absolute path).
    expect(p.screen()).toContain("my shots/fixture.png] what is this");
    const sent = tui.server.requests
      .flatMap((r) => (r.body as { input?: UserItem[] } | undefined)?.input ?? [])
      .filter((item) => item.role === "user")
      .find((item) => item.content?.some((part) => part.type === "input_image"));
    expect(sent?.content).toEqual([
      { type: "input_text", text: `[image: ${dragged}]` },
      { type: "input_image", image_url: dataUrl },
      { type: "input_text", text: " what is this" },
    ]);
    // The session file keeps the image: a resumed session shows the chip and sends it again.
    await p.until(() => p.idle(), "the turn to end");
    const file = readdirSync(join(tui.world.home, "sessions"))
      .filter((name) => name.endsWith(".jsonl") && !name.endsWith(".ledger.jsonl"))
      .map((name) => join(tui.world.home, "sessions", name))
      .find((path) => readFileSync(path, "utf8").includes(dataUrl));
    expect(file).toBeDefined();
    const id = String(JSON.parse(readFileSync(file ?? "", "utf8").split("\n")[0] ?? "{}").id);
    p.kill();
    const before = tui.server.requests.length;
    const resumed = open(["resume", id]);
    await resumed.until(() => resumed.screen().includes(`Resumed session ${id}`), "the resume");
    expect(resumed.screen()).toContain("my shots/fixture.png] what is this");
    resumed.type("and now?");
    await resumed.until(() => resumed.screen().includes("You said: and now?"), "the answer");
    // The resumed chain's first full request (the warm-up) carries the image from the file.
    const after = tui.server.requests.slice(before).map((r) => JSON.stringify(r.body));
    expect(after.some((body) => body.includes(dataUrl))).toBe(true);
  }, 60_000);
});

/**
 * What the model had in front of it when `question` reached it: the request carrying it, and
 * when that request continues a chain (`previous_response_id`: the warm-up sent while the person
 * typed took the earlier context), the requests before it too.
 */
function modelSaw(requests: readonly { body: unknown }[], question: string): string {
  const bodies = requests.map((r) => JSON.stringify(r.body));
  const at = bodies.findIndex((body) => body.includes(question));
  expect(at).toBeGreaterThanOrEqual(0);
  const chained = bodies[at]?.includes('"previous_response_id"') ?? false;
  return (chained ? bodies.slice(0, at + 1) : [bodies[at]]).join("\n");
}
