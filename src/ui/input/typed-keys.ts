import { escapeSequenceEnd } from "./escape-sequence.js";

const ESC = "\u001b";
const PASTE_START = "\u001b[200~";
const PASTE_END = "\u001b[201~";
/** A control byte: each one is a key of its own (Enter, Tab, Backspace, Ctrl+letter). */
const CONTROL = /[\u0000-\u001a\u001c-\u001f\u007f]/;

/** What the keys read so far leave open: a bracketed paste, the start of a cut escape sequence. */
export interface KeyCut {
  pasting: boolean;
  /** The start of an escape sequence the last read ended inside ("" for none), held for the rest. */
  held: string;
}

/** The keys one read of the terminal holds, and what it leaves open. */
interface TypedKeys extends KeyCut {
  keys: string[];
}

export const NOTHING_OPEN: KeyCut = { pasting: false, held: "" };

/**
 * One input event of Ink's parser (it already cuts escape sequences apart) as the keys a person
 * typed. Keys typed while the TUI is busy reach it in one read — "run: ls\r\u0014" (Enter, then
 * Ctrl+T), "/effort high\rnext message\r" — and each must be its own key, routed as if typed
 * alone: the Enter submits, the Ctrl+T opens the pager, the text after an Enter is the next
 * message. Text between a bracketed paste's markers stays whole (its newlines are text); the TUI
 * turns bracketed paste on, so a read outside the markers is typing, never a paste.
 *
 * A read that ends inside an escape sequence (`Esc [` | `A`: a loaded machine, a slow link) gives
 * an event Ink flushed as it was; it is held (`held`) and joined with the next event, so Up stays
 * Up rather than Esc or Alt+[ and then the text "A". A lone Esc held and then followed by a
 * sequence of its own is the Esc key. (use-typed-keys.ts lets a held start go after a timeout.)
 */
export function typedKeys(input: string, open: KeyCut = NOTHING_OPEN): TypedKeys {
  if (open.held === ESC && input.startsWith(ESC)) {
    const rest = typedKeys(input, { ...open, held: "" });
    return { ...rest, keys: [ESC, ...rest.keys] };
  }
  const text = open.held + input;
  const end = escapeSequenceEnd(text);
  if (end === "incomplete") return { keys: [], pasting: open.pasting, held: text };
  if (open.held && end < text.length) {
    // the held start and the beginning of this event are one key; the event's rest comes after
    const first = typedKeys(text.slice(0, end), { ...open, held: "" });
    const rest = typedKeys(text.slice(end), first);
    return { ...rest, keys: [...first.keys, ...rest.keys] };
  }
  return { ...wholeKeys(text, open.pasting), held: "" };
}

/** The keys of an event that leaves nothing held. */
function wholeKeys(input: string, pasting: boolean): { keys: string[]; pasting: boolean } {
  if (input.startsWith(PASTE_START)) return { keys: [input], pasting: !input.includes(PASTE_END) };
  if (pasting) return { keys: [input], pasting: !input.includes(PASTE_END) };
  if (input.length < 2 || input.startsWith(ESC) || !CONTROL.test(input)) {
    return { keys: [input], pasting: false };
  }
  const keys: string[] = [];
  let text = "";
  for (const ch of input) {
    if (!CONTROL.test(ch)) {
      text += ch;
      continue;
    }
    if (text) keys.push(text);
    text = "";
    keys.push(ch);
  }
  if (text) keys.push(text);
  return { keys, pasting: false };
}
