import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 37 follow-up: a terminal read that ends inside an escape sequence (`Esc [` | `A`, as a
// loaded machine or a slow link cuts them) lost the key: Ink let `Esc [` go as a key of its own
// and the rest came as text. Each key here is written in two parts, with a pause between them
// that makes the TUI read the first part alone; `tui.escape_timeout_ms` gives the rest longer
// than that pause to come (the default, 50 ms, is for a real terminal's cut: its rest follows at once).
const SPLIT_WAIT = ["-c", "tui.escape_timeout_ms=5000"];
/** Long enough for the TUI to read the first part alone (a read, then Ink's flush of it). */
const PAUSE_MS = 300;

describe.skipIf(!hasTmux)("TUI in tmux: keys whose bytes arrive in two reads", () => {
  const tui = useTuiWorld();
  const started = (p: Pane) => p.until(() => p.screen().includes("Esc interrupts"), "the banner");

  /** `first` bytes, a pause, then `rest` (hex, as a terminal writes them). */
  async function split(p: Pane, first: string[], rest: string[]) {
    p.bytes(...first);
    await sleep(PAUSE_MS);
    p.bytes(...rest);
  }

  async function said(p: Pane, text: string) {
    p.type(text);
    await p.until(() => p.screen().includes(`You said: ${text}`), `the answer to ${text}`, 30_000);
    await p.until(() => p.idle(), "the turn to end", 30_000);
  }

  it("Left cut after `Esc [` moves the cursor; nothing of it reaches the message", async () => {
    const p = tui.open(SPLIT_WAIT);
    await started(p);
    p.literal("abc");
    await p.until(() => p.screen().includes("› abc"), "the typed text");
    await split(p, ["1b", "5b"], ["44"]); // Left: Esc [ | D
    p.literal("X");
    await p.until(() => p.screen().includes("› abXc"), "X before the last letter");
    p.keys("Enter");
    await p.until(() => p.screen().includes("You said: abXc"), "the answer", 30_000);
    expect(p.screen()).not.toContain("[D");
    p.keys("C-c");
    p.keys("C-c");
    await p.until(() => !p.alive(), "the TUI to quit");
  }, 90_000);

  it("/rewind: Up, Up cut inside, Enter picks the first message; then a message is answered", async () => {
    const p = tui.open(SPLIT_WAIT, 100, 30);
    await started(p);
    for (const text of ["hello one", "hello two", "hello three"]) await said(p, text);
    p.type("/rewind");
    await p.until(() => p.screen().includes("Rewind to before which message?"), "the list");
    await p.until(() => p.screen().includes("› 3. hello three"), "the last message highlighted");
    // Up, then the second Up cut after `Esc [`, its `A` and Enter in the next write
    await split(p, ["1b", "5b", "41", "1b", "5b"], ["41", "0d"]);
    await p.until(() => p.screen().includes("before message 1: what?"), "the modes for message 1");
    p.keys("Escape");
    await p.until(() => !p.screen().includes("what?"), "the modes to close");
    await said(p, "still here");
    p.keys("C-c");
    p.keys("C-c");
    await p.until(() => !p.alive(), "the TUI to quit");
  }, 120_000);
});
