const PASTE_START = "\u001b[200~";
const PASTE_END = "\u001b[201~";
/** A control byte: each one is a key of its own (Enter, Tab, Backspace, Ctrl+letter). */
const CONTROL = /[\u0000-\u001a\u001c-\u001f\u007f]/;

/** The keys one read of the terminal holds, and whether a bracketed paste is still open. */
export interface TypedKeys {
  keys: string[];
  pasting: boolean;
}

/**
 * One input event of Ink's parser (it already cuts escape sequences apart) as the keys a person
 * typed. Keys typed while the TUI is busy reach it in one read — "run: ls\r\u0014" (Enter, then
 * Ctrl+T), "/effort high\rnext message\r" — and each must be its own key, routed as if typed
 * alone: the Enter submits, the Ctrl+T opens the pager, the text after an Enter is the next
 * message. Text between a bracketed paste's markers stays whole (its newlines are text); the TUI
 * turns bracketed paste on, so a read outside the markers is typing, never a paste.
 */
export function typedKeys(input: string, pasting: boolean): TypedKeys {
  if (input.startsWith(PASTE_START)) return { keys: [input], pasting: !input.includes(PASTE_END) };
  if (pasting) return { keys: [input], pasting: !input.includes(PASTE_END) };
  if (input.length < 2 || input.startsWith("\u001b") || !CONTROL.test(input)) {
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
