import { describe, expect, it } from "vitest";
import { printable, shownOutput } from "../../src/text/terminal-text.js";

describe("printable", () => {
  it("shows control characters as text so nothing can hide or move", () => {
    expect(printable("echo hi\r\u001b[2Krm -rf x")).toBe("echo hi^M^[[2Krm -rf x");
    expect(printable("bell\u0007 del\u007f c1\u009b")).toBe("bell^G del^? c1\ufffd");
  });

  it("keeps newlines, expands tabs, leaves plain text alone", () => {
    expect(printable("a\tb\nxy\tz")).toBe("a       b\nxy      z");
    const plain = "plain text ✓ 日本";
    expect(printable(plain)).toBe(plain);
  });
});

describe("shownOutput", () => {
  it("drops colours, cursor moves and screen clears", () => {
    expect(shownOutput("\u001b[31mred\u001b[0m \u001b[2J\u001b[Hok")).toBe("red ok");
    expect(shownOutput("\u001b]0;title\u0007text")).toBe("text");
  });

  it("lets a carriage return overwrite the line, as a terminal does", () => {
    expect(shownOutput("progress 1\rprogress 2\rdone\n")).toBe("doneress 2\n");
    expect(shownOutput("windows\r\nline\r\n")).toBe("windows\nline\n");
  });

  it("shows the remaining controls as text", () => {
    expect(shownOutput("a\u0000b\u0008c")).toBe("a^@b^Hc");
  });
});

describe("bidi controls", () => {
  it("embeddings, overrides and isolates cannot reorder the line: shown as U+FFFD", () => {
    const hidden = "a\u202ab\u202bc\u202cd\u202de\u202ef\u2066g\u2067h\u2068i\u2069j";
    expect(printable(hidden)).toBe(
      "a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf\ufffdg\ufffdh\ufffdi\ufffdj",
    );
    expect(shownOutput("ok \u202eexe.txt")).toBe("ok \ufffdexe.txt");
    // letters of right-to-left scripts and the implicit marks stay
    expect(printable("שלום \u200f ok")).toBe("שלום \u200f ok");
  });
});
