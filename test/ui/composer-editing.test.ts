import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { withoutControls } from "../../src/text/terminal-text.js";
import { ComposerModel } from "../../src/ui/input/composer-model.js";
import {
  killRange,
  killSpacedWordBefore,
  killToLineEnd,
  killToLineStart,
  killWordAfter,
  killWordBefore,
} from "../../src/ui/input/kills.js";
import {
  type ComposerBuffer,
  moveWordLeft,
  moveWordRight,
} from "../../src/ui/model/composer-buffer.js";

/** `|` marks the cursor. */
const at = (marked: string): ComposerBuffer => ({
  text: marked.replace("|", ""),
  cursor: marked.indexOf("|"),
});
const shown = (b: ComposerBuffer | undefined) =>
  b ? `${b.text.slice(0, b.cursor)}|${b.text.slice(b.cursor)}` : "(nothing)";

describe("readline kills (issue 37, item 5)", () => {
  it("Ctrl+U deletes to the line's start; at a line's start it joins the line to the one before", () => {
    expect(shown(killToLineStart(at("one\ntwo th|ree"))?.buffer)).toBe("one\n|ree");
    expect(killToLineStart(at("one\ntwo th|ree"))?.killed).toBe("two th");
    expect(shown(killToLineStart(at("one\n|two"))?.buffer)).toBe("one|two");
    expect(killToLineStart(at("|one"))).toBeUndefined();
  });

  it("Ctrl+K deletes to the line's end; at a line's end it takes the newline", () => {
    expect(shown(killToLineEnd(at("one t|wo\nthree"))?.buffer)).toBe("one t|\nthree");
    expect(shown(killToLineEnd(at("one two|\nthree"))?.buffer)).toBe("one two|three");
    expect(killToLineEnd(at("end|"))).toBeUndefined();
  });

  it("Ctrl+W goes back to a space; Alt+Backspace and Alt+D stop at punctuation", () => {
    expect(shown(killSpacedWordBefore(at("run src/a.ts  |"))?.buffer)).toBe("run |");
    expect(shown(killWordBefore(at("run src/a.ts|"))?.buffer)).toBe("run src/a.|");
    expect(shown(killWordAfter(at("|  foo-bar"))?.buffer)).toBe("|-bar");
  });

  it("a kill never splits a placeholder: the whole label goes", () => {
    const text = "see [Pasted 2 000 chars] now";
    const atoms = [{ start: 4, end: 24 }];
    const cut = killRange({ text, cursor: 10 }, 10, text.length, atoms);
    expect(cut?.buffer).toEqual({ text: "see ", cursor: 4 });
    expect(cut?.killed).toBe("[Pasted 2 000 chars] now");
  });

  it("Alt+B and Alt+F move by words", () => {
    expect(shown(moveWordLeft(at("open the_file.ts|")))).toBe("open the_file.|ts");
    expect(shown(moveWordLeft(at("open the_file.|ts")))).toBe("open |the_file.ts");
    expect(shown(moveWordRight(at("|  open the")))).toBe("  open| the");
  });
});

describe("no control character reaches a message", () => {
  it("escape sequences and control bytes go; tabs and newlines stay; CR is a newline", () => {
    expect(withoutControls("a\u0015b\u001b[31mred\u001b[0m\tc\r\nd\re\u0007")).toBe(
      "abred\tc\nd\ne",
    );
  });
});

const CTRL = (letter: string): [string, Key] => [letter, { ctrl: true } as Key];
const ALT = (letter: string): [string, Key] => [letter, { meta: true } as Key];
const PLAIN = (text: string): [string, Key] => [text, {} as Key];

function composer() {
  const sent: string[] = [];
  const model = new ComposerModel({
    onSubmit: (text) => sent.push(text),
    onSignal: () => {},
    cwd: process.cwd(),
    onNotice: () => {},
  });
  const keys = (...presses: Array<[string, Key]>) => {
    for (const [input, key] of presses) model.handle(input, key);
  };
  return { model, sent, keys, enter: () => keys(["\r", { return: true } as Key]) };
}

describe("the composer's editing keys", () => {
  it("Ctrl+U as Ink reports it, as a bare byte, and inside a chunk: the model gets only the new text", () => {
    const c = composer();
    c.keys(PLAIN("first try"), CTRL("u"), PLAIN("second"), PLAIN("\u0015"), PLAIN("third"));
    c.enter();
    c.keys(PLAIN("abc\u0015xyz\r"));
    // ESC ^U in one read (Alt held, or Esc just before): Ink hands over the byte with meta
    c.keys(PLAIN("one"), ["\u0015", { meta: true } as Key], PLAIN("two"));
    c.enter();
    expect(c.sent).toEqual(["third", "xyz", "two"]);
  });

  it("Ctrl+K, Ctrl+A/E and Ctrl+Y: what was cut comes back, even after a send", () => {
    const c = composer();
    c.keys(PLAIN("hello brave world"), ALT("b"), CTRL("k"));
    expect(c.model.current().text).toBe("hello brave ");
    c.keys(CTRL("a"), CTRL("y"));
    expect(c.model.current().text).toBe("worldhello brave ");
    c.enter();
    c.keys(CTRL("y"), CTRL("e"), PLAIN("!"));
    c.enter();
    expect(c.sent).toEqual(["worldhello brave ", "world!"]);
  });

  it("Alt+F, Alt+D, Ctrl+W and Ctrl+B/F/D edit where the cursor is", () => {
    const c = composer();
    c.keys(PLAIN("one two three"), CTRL("a"), ALT("f"), ALT("d"));
    expect(shown(c.model.current())).toBe("one| three");
    c.keys(CTRL("e"), CTRL("w"));
    expect(shown(c.model.current())).toBe("one |");
    c.keys(CTRL("b"), CTRL("b"), CTRL("d"), CTRL("f"), PLAIN("!"));
    expect(shown(c.model.current())).toBe("on !|");
  });

  it("a paste with colours and control bytes arrives as its text", () => {
    const c = composer();
    c.keys(PLAIN("\u001b[200~"), PLAIN("\u001b[32mok\u001b[0m\u0007 done\u001b[201~"));
    expect(c.model.current().text).toBe("ok done");
    c.keys(PLAIN("\u001c"));
    c.enter();
    expect(c.sent).toEqual(["ok done"]);
  });
});
