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
    expect(session?.sent[0]).toBe("look at [image: fixture.png] please");
    const at = "look at [image: fixture.png]".length;
    expect(session?.sentImages[0]).toMatchObject([{ url: DATA_URL, at }]);
    // The transcript shows the message with its chip.
    await waitFor(() => app.frame().includes("seen: look at [image: fixture.png] please"), "reply");
    expect(app.frame()).toContain("› look at [image: fixture.png] please");
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
    expect(session?.sent[0]).toBe("[image: fixture.png] [image: fixture.png #2] ");
    expect(session?.sentImages[0]).toMatchObject([
      { url: DATA_URL, at: "[image: fixture.png]".length },
      { url: DATA_URL, at: "[image: fixture.png] [image: fixture.png #2]".length },
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
    expect(session?.sent[1]).toBe("again [image: fixture.png]");
    expect(session?.sentImages[1]).toMatchObject([{ url: DATA_URL, at: session?.sent[1]?.length }]);
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
    expect(session?.steered[0]).toBe("steer [image: fixture.png]");
    expect(session?.steeredImages[0]).toMatchObject([{ url: DATA_URL }]);
    await app.queue("later other/fixture.png");
    await waitFor(() => app.frame().includes("queued › later [image: fixture.png]"), "queued");
    // Esc: the queued message goes back to the input with its chip attached.
    app.ui.stdin.write("\u001b");
    await waitFor(() => app.frame().includes("› later [image: fixture.png]"), "back in the input");
    release();
    await waitFor(() => !app.frame().includes("Enter steers"), "the turn to end");
    app.ui.stdin.write("\r");
    await waitFor(() => session?.sent.length === 2, "the resend");
    expect(session?.sent[1]).toBe("later [image: fixture.png]");
    expect(session?.sentImages[1]).toMatchObject([{ url: DATA_URL, at: session?.sent[1]?.length }]);
  });
});
