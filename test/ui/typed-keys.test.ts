import { describe, expect, it } from "vitest";
import { typedKeys } from "../../src/ui/input/typed-keys.js";

// Keys typed while the TUI is busy arrive in one read: each must reach the TUI as its own key.
describe("typedKeys: one read of the terminal as the keys typed", () => {
  it("cuts text from the control keys after it: Enter then Ctrl+T, two messages", () => {
    expect(typedKeys("run: sleep 8\r\u0014", false).keys).toEqual(["run: sleep 8", "\r", "\u0014"]);
    expect(typedKeys("/effort high\rfourth message\r", false).keys).toEqual([
      "/effort high",
      "\r",
      "fourth message",
      "\r",
    ]);
    expect(typedKeys("\u0003\u0003", false).keys).toEqual(["\u0003", "\u0003"]);
  });

  it("leaves plain text, a single key and escape sequences whole", () => {
    expect(typedKeys("hello there", false).keys).toEqual(["hello there"]);
    expect(typedKeys("\r", false).keys).toEqual(["\r"]);
    expect(typedKeys("\u001b\u0015", false).keys).toEqual(["\u001b\u0015"]);
    expect(typedKeys("héllo ✓ 日本", false).keys).toEqual(["héllo ✓ 日本"]);
  });

  it("keeps a bracketed paste whole across reads, newlines included, until its end marker", () => {
    const start = typedKeys("\u001b[200~", false);
    expect(start).toEqual({ keys: ["\u001b[200~"], pasting: true });
    const body = typedKeys("line one\rline two\r", start.pasting);
    expect(body).toEqual({ keys: ["line one\rline two\r"], pasting: true });
    expect(typedKeys("\u001b[201~", body.pasting)).toEqual({
      keys: ["\u001b[201~"],
      pasting: false,
    });
    // after the paste, typing is cut into keys again
    expect(typedKeys("a\rb", false).keys).toEqual(["a", "\r", "b"]);
  });
});
