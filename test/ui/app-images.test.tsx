import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "./ink-helpers.js";
import { launch, ready, unmountAll } from "./launch-app.js";

// A real 1×1 PNG; the composer reads it like any dragged or typed file.
const FIXTURE = join(import.meta.dirname, "..", "fixtures", "images", "fixture.png");
const DATA_URL = `data:image/png;base64,${readFileSync(FIXTURE).toString("base64")}`;
const PASTE = (text: string) => `\u001b[200~${text}\u001b[201~`;

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), "mini-codex-images-"));
  mkdirSync(join(cwd, "shots of today"));
  copyFileSync(FIXTURE, join(cwd, "shots of today", "fixture.png"));
  mkdirSync(join(cwd, "other"));
  writeFileSync(join(cwd, "other", "fixture.png"), readFileSync(FIXTURE));
  writeFileSync(join(cwd, "notes.txt"), "not an image\n");
});
afterEach(() => {
  unmountAll();
  rmSync(cwd, { recursive: true, force: true });
});

describe("App: images attached from the composer", () => {
  it("a pasted path (backslash-escaped spaces) becomes a chip; the image is sent where the chip stands", async () => {
    const app = launch((text, s) => s.answer(`seen: ${text}`), { cwd });
    await ready(app.frame);
    await app.type("look at ");
    app.ui.stdin.write(PASTE(`${cwd.replaceAll(" ", "\\ ")}/shots\\ of\\ today/fixture.png`));
    await waitFor(() => app.frame().includes("› look at [image: fixture.png]"), "the chip");
    expect(app.frame()).not.toContain("shots");
    await app.submit(" please");
    const session = app.sessions[0];
    await waitFor(() => session?.sent.length === 1, "the send");
    // The model reads where the file is (workspace-relative); the image follows that text.
    const text = "look at [image: shots of today/fixture.png]";
    expect(session?.sent[0]).toBe(`${text} please`);
    expect(session?.sentImages[0]).toMatchObject([{ url: DATA_URL, at: text.length }]);
    // The transcript shows the message as sent.
    await waitFor(() => app.frame().includes(`seen: ${text} please`), "reply");
    expect(app.frame()).toContain(`› ${text} please`);
  });

  it("typed paths (relative, quoted) become chips at the space; a second one of the same name gets #2", async () => {
    const app = launch((_t, s) => s.answer("ok"), { cwd });
    await ready(app.frame);
    app.ui.stdin.write("other/fixture.png ");
    await waitFor(() => app.frame().includes("› [image: fixture.png] "), "the first chip");
    app.ui.stdin.write("'shots of today/fixture.png' ");
    await waitFor(() => app.frame().includes("[image: fixture.png #2]"), "the second chip");
    app.ui.stdin.write("\r");
    const session = app.sessions[0];
    await waitFor(() => session?.sent.length === 1, "the send");
    // Two files of one name: the chips tell them apart by #2, the text by their paths.
    const first = "[image: other/fixture.png]";
    const both = `${first} [image: shots of today/fixture.png]`;
    expect(session?.sent[0]).toBe(`${both} `);
    expect(session?.sentImages[0]).toMatchObject([
      { url: DATA_URL, at: first.length },
      { url: DATA_URL, at: both.length },
    ]);
  });

  it("Up recalls a sent message with its image still attached", async () => {
    const app = launch((_t, s) => s.answer("ok"), { cwd });
    await ready(app.frame);
    await app.submit("again other/fixture.png");
    const session = app.sessions[0];
    await waitFor(() => session?.sent.length === 1, "the first send");
    await waitFor(() => app.frame().includes("› ok") || app.frame().includes("ok\n"), "the answer");
    app.ui.stdin.write("\u001b[A");
    await waitFor(() => /│ › again \[image: fixture\.png\]/.test(app.frame()), "the recall");
    app.ui.stdin.write("\r");
    await waitFor(() => session?.sent.length === 2, "the second send");
    expect(session?.sent[1]).toBe("again [image: other/fixture.png]");
    expect(session?.sentImages[1]).toMatchObject([{ url: DATA_URL, at: session?.sent[1]?.length }]);
  });

  it("a typed workspace path shows as a chip of its name; the sent text names the file by its path", async () => {
    mkdirSync(join(cwd, "docs"));
    copyFileSync(FIXTURE, join(cwd, "docs", "shot.png"));
    const outside = mkdtempSync(join(tmpdir(), "mini-codex-images-outside-"));
    copyFileSync(FIXTURE, join(outside, "desk.png"));
    const app = launch((_t, s) => s.answer("ok"), { cwd });
    await ready(app.frame);
    app.ui.stdin.write("look at docs/shot.png ");
    await waitFor(() => app.frame().includes("› look at [image: shot.png] "), "the first chip");
    app.ui.stdin.write(`and ${join(outside, "desk.png")} `);
    await waitFor(() => app.frame().includes("[image: shot.png] and [image: desk.png]"), "chips");
    await app.submit("and fix the alt text");
    const session = app.sessions[0];
    await waitFor(() => session?.sent.length === 1, "the send");
    const upTo = "look at [image: docs/shot.png]";
    const text = `${upTo} and [image: ${join(outside, "desk.png")}] and fix the alt text`;
    expect(session?.sent[0]).toBe(text);
    expect(session?.sentImages[0]).toMatchObject([
      { url: DATA_URL, at: upTo.length },
      { url: DATA_URL, at: text.indexOf("] and fix") + 1 },
    ]);
    rmSync(outside, { recursive: true, force: true });
  });

  it("a file:// word with a stray % stays plain text and the composer keeps working", async () => {
    const app = launch((_t, s) => s.answer("ok"), { cwd });
    await ready(app.frame);
    await app.type("file:///tmp/100%.png ");
    await app.submit("and more");
    await waitFor(() => app.sessions[0]?.sent.length === 1, "the send");
    expect(app.sessions[0]?.sent[0]).toBe("file:///tmp/100%.png and more");
    expect(app.sessions[0]?.sentImages[0]).toEqual([]);
  });

  it("Backspace right after a chip removes it whole, and nothing is attached", async () => {
    const app = launch((_t, s) => s.answer("ok"), { cwd });
    await ready(app.frame);
    app.ui.stdin.write(PASTE(join(cwd, "other", "fixture.png")));
    await waitFor(() => app.frame().includes("› [image: fixture.png]"), "the chip");
    app.ui.stdin.write("\u007f");
    await waitFor(() => !app.frame().includes("[image:"), "the chip removed");
    await app.submit("no picture");
    await waitFor(() => app.sessions[0]?.sent.length === 1, "the send");
    expect(app.sessions[0]?.sent[0]).toBe("no picture");
    expect(app.sessions[0]?.sentImages[0]).toEqual([]);
  });

  it("a non-image or missing file stays plain text; a too-large image gets a note and is not sent", async () => {
    const big = join(cwd, "huge.png");
    writeFileSync(big, "");
    truncateSync(big, 21 * 1024 * 1024);
    const app = launch((_t, s) => s.answer("ok"), { cwd });
    await ready(app.frame);
    await app.type("see ");
    app.ui.stdin.write(PASTE(join(cwd, "notes.txt")));
    await app.type(" gone.png ");
    app.ui.stdin.write(PASTE(big));
    await waitFor(() => app.frame().includes("more than 20 MB; not attached"), "the note");
    app.ui.stdin.write("\r");
    await waitFor(() => app.sessions[0]?.sent.length === 1, "the send");
    expect(app.sessions[0]?.sent[0]).toBe(`see ${join(cwd, "notes.txt")} gone.png ${big}`);
    expect(app.sessions[0]?.sentImages[0]).toEqual([]);
  });

  it("a queued and a steered message carry their images; Esc puts a queued chip back, still attached", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = launch(
      async (text, s) => {
        if (text === "first") await held;
        await s.answer(`done: ${text}`);
      },
      { cwd },
    );
    await ready(app.frame);
    await app.submit("first");
    await waitFor(() => app.frame().includes("Enter steers, Tab queues"), "the busy hint");
    await app.submit("steer other/fixture.png");
    const session = app.sessions[0];
    await waitFor(() => session?.steered.length === 1, "the steering message");
    expect(session?.steered[0]).toBe("steer [image: other/fixture.png]");
    expect(session?.steeredImages[0]).toMatchObject([{ url: DATA_URL }]);
    await app.queue("later other/fixture.png");
    await waitFor(
      () => app.frame().includes("queued › later [image: other/fixture.png]"),
      "queued",
    );
    // Esc: the queued message goes back to the input (the box's line) with its chip attached.
    app.ui.stdin.write("\u001b");
    await waitFor(() => session?.aborted === 1, "the interrupt");
    release();
    await waitFor(() => !app.frame().includes("Enter steers"), "the turn to end");
    await waitFor(() => /│ › later \[image: fixture\.png\]/.test(app.frame()), "back in the input");
    expect(app.frame()).not.toContain("queued ›");
    app.ui.stdin.write("\r");
    await waitFor(() => session?.sent.length === 2, "the resend");
    expect(session?.sent[1]).toBe("later [image: other/fixture.png]");
    expect(session?.sentImages[1]).toMatchObject([{ url: DATA_URL, at: session?.sent[1]?.length }]);
  });
});
