import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { pickerHint, pickerKey } from "../../src/ui/picker.js";
import { NO_KEY } from "./controller-harness.js";

// The keys a list takes (issue 37 item 1): the arrows and Enter everywhere; a question's numbered
// answers also by their number key, alone or typed ahead with Enter in one read.

const key = (extra: Partial<Key> = {}) => ({ ...NO_KEY, ...extra }) as Key;
const ANSWERS = ["Yes, trust this folder", "No, run restricted here"];

describe("pickerKey", () => {
  it("moves round with the arrows and picks the highlighted answer with Enter", () => {
    expect(pickerKey("", key({ upArrow: true }), 0, ANSWERS)).toEqual({ index: 1 });
    expect(pickerKey("", key({ downArrow: true }), 1, ANSWERS)).toEqual({ index: 0 });
    expect(pickerKey("\r", key({ return: true }), 1, ANSWERS)).toEqual({ pick: ANSWERS[1] });
  });

  it("a numbered list picks by the number key, also with Enter typed ahead in the same read", () => {
    expect(pickerKey("2", key(), 0, ANSWERS, true)).toEqual({ pick: ANSWERS[1] });
    expect(pickerKey("1\r", key(), 1, ANSWERS, true)).toEqual({ pick: ANSWERS[0] });
    expect(pickerKey("3", key(), 0, ANSWERS, true)).toBeUndefined();
    expect(pickerKey("0", key(), 0, ANSWERS, true)).toBeUndefined();
  });

  it("a list that is not numbered ignores number keys (an option may itself be a number)", () => {
    expect(pickerKey("2", key(), 0, ANSWERS)).toBeUndefined();
    expect(pickerKey("2", key(), 0, ["1", "2"])).toEqual({ pick: "2" });
  });

  it("Esc and Ctrl+C are no answer", () => {
    expect(pickerKey("", key({ escape: true }), 0, ANSWERS, true)).toEqual({ cancel: true });
    expect(pickerKey("c", key({ ctrl: true }), 0, ANSWERS, true)).toEqual({ cancel: true });
  });

  it("the hint names the number keys only where they pick", () => {
    expect(pickerHint(ANSWERS, true)).toBe("↑↓ choose · Enter or 1–2 pick · Esc cancel");
    expect(pickerHint(ANSWERS)).toBe("↑↓ choose · Enter pick · Esc cancel");
  });
});
