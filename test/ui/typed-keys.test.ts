import { describe, expect, it } from "vitest";
import { escapeSequenceEnd } from "../../src/ui/input/escape-sequence.js";
import { type KeyCut, NOTHING_OPEN, typedKeys } from "../../src/ui/input/typed-keys.js";

const keys = (input: string) => typedKeys(input).keys;

/** The keys a run of input events gives, one event after another, and what is still held. */
function events(...inputs: string[]): { keys: string[]; held: string } {
  let open: KeyCut = NOTHING_OPEN;
  const all: string[] = [];
  for (const input of inputs) {
    const typed = typedKeys(input, open);
    all.push(...typed.keys);
    open = typed;
  }
  return { keys: all, held: open.held };
}

// Keys typed while the TUI is busy arrive in one read: each must reach the TUI as its own key.
describe("typedKeys: one read of the terminal as the keys typed", () => {
  it("cuts text from the control keys after it: Enter then Ctrl+T, two messages", () => {
    expect(keys("run: sleep 8\r\u0014")).toEqual(["run: sleep 8", "\r", "\u0014"]);
    expect(keys("/effort high\rfourth message\r")).toEqual([
      "/effort high",
      "\r",
      "fourth message",
      "\r",
    ]);
    expect(keys("\u0003\u0003")).toEqual(["\u0003", "\u0003"]);
  });

  it("leaves plain text, a single key and escape sequences whole", () => {
    expect(keys("hello there")).toEqual(["hello there"]);
    expect(keys("\r")).toEqual(["\r"]);
    expect(keys("\u001b\u0015")).toEqual(["\u001b\u0015"]);
    expect(keys("\u001b[A")).toEqual(["\u001b[A"]);
    expect(keys("héllo ✓ 日本")).toEqual(["héllo ✓ 日本"]);
  });

  it("keeps a bracketed paste whole across reads, newlines included, until its end marker", () => {
    const start = typedKeys("\u001b[200~");
    expect(start).toEqual({ keys: ["\u001b[200~"], pasting: true, held: "" });
    const body = typedKeys("line one\rline two\r", start);
    expect(body).toEqual({ keys: ["line one\rline two\r"], pasting: true, held: "" });
    expect(typedKeys("\u001b[201~", body)).toEqual({
      keys: ["\u001b[201~"],
      pasting: false,
      held: "",
    });
    // after the paste, typing is cut into keys again
    expect(keys("a\rb")).toEqual(["a", "\r", "b"]);
  });
});

// Issue 37 follow-up: a read cut inside an escape sequence lost an Up ("Up Up Enter" under load).
describe("typedKeys: an escape sequence a read ended inside", () => {
  it("holds the start and joins it with the next event: Up stays Up, not Esc and the text 'A'", () => {
    expect(events("\u001b[")).toEqual({ keys: [], held: "\u001b[" });
    expect(events("\u001b[", "A")).toEqual({ keys: ["\u001b[A"], held: "" });
    expect(events("\u001b", "[A")).toEqual({ keys: ["\u001b[A"], held: "" });
    expect(events("\u001b[1;5", "C")).toEqual({ keys: ["\u001b[1;5C"], held: "" });
    expect(events("\u001bO", "A")).toEqual({ keys: ["\u001bOA"], held: "" });
    expect(events("\u001b\u001b", "[A")).toEqual({ keys: ["\u001b\u001b[A"], held: "" });
    // Ink gives the rest of the read as text when it starts with letters: the key, then the text
    expect(events("\u001b[", "Dxy\r")).toEqual({ keys: ["\u001b[D", "xy", "\r"], held: "" });
    expect(events("\u001b[A", "\u001b[", "A", "\r")).toEqual({
      keys: ["\u001b[A", "\u001b[A", "\r"],
      held: "",
    });
  });

  it("a held lone Esc followed by a sequence of its own is the Esc key, then that sequence", () => {
    expect(events("\u001b", "\u001b[A")).toEqual({ keys: ["\u001b", "\u001b[A"], held: "" });
    expect(events("\u001b", "x")).toEqual({ keys: ["\u001bx"], held: "" });
  });

  it("a paste's end marker cut in two still ends the paste", () => {
    const cut = events("\u001b[200~", "some text", "\u001b[20", "1~", "a\rb");
    expect(cut).toEqual({
      keys: ["\u001b[200~", "some text", "\u001b[201~", "a", "\r", "b"],
      held: "",
    });
  });
});

describe("escapeSequenceEnd", () => {
  it("measures a whole sequence, says when one is cut, and 0 for text", () => {
    expect(escapeSequenceEnd("\u001b[A")).toBe(3);
    expect(escapeSequenceEnd("\u001b[[A")).toBe(4);
    expect(escapeSequenceEnd("\u001b[200~rest")).toBe(6);
    expect(escapeSequenceEnd("\u001b\u001bOA")).toBe(4);
    expect(escapeSequenceEnd("\u001b[\r")).toBe(2);
    expect(escapeSequenceEnd("\u001b\u001bx")).toBe(2);
    expect(escapeSequenceEnd("\u001bé")).toBe(2);
    for (const cut of [
      "\u001b",
      "\u001b[",
      "\u001b[1;",
      "\u001bO",
      "\u001b\u001b",
      "\u001b\u001b[",
    ])
      expect(escapeSequenceEnd(cut)).toBe("incomplete");
    expect(escapeSequenceEnd("A")).toBe(0);
  });
});
