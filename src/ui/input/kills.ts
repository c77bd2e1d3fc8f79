import { type ComposerBuffer, wordEndAfter, wordStartBefore } from "../model/index.js";

/** A kill: the buffer after it and the text it cut (what Ctrl+Y puts back). */
interface Kill {
  buffer: ComposerBuffer;
  killed: string;
}

/** A stretch of the text that is one thing to the person (a paste placeholder, an image chip). */
interface Atom {
  start: number;
  end: number;
}

/**
 * Cut `from`..`to` (either order), widened so it never splits an atom; undefined when there is
 * nothing to cut. The cursor lands where the cut began.
 */
export function killRange(
  buffer: ComposerBuffer,
  from: number,
  to: number,
  atoms: readonly Atom[] = [],
): Kill | undefined {
  let start = Math.min(from, to);
  let end = Math.max(from, to);
  for (const atom of atoms) {
    if (atom.start < end && atom.end > start) {
      start = Math.min(start, atom.start);
      end = Math.max(end, atom.end);
    }
  }
  if (start === end) return undefined;
  const { text } = buffer;
  return {
    buffer: { text: text.slice(0, start) + text.slice(end), cursor: start },
    killed: text.slice(start, end),
  };
}

const lineStartOf = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const lineEndOf = (text: string, at: number) => {
  const end = text.indexOf("\n", at);
  return end === -1 ? text.length : end;
};

/** Ctrl+U: from the start of the line to the cursor; at a line's start, the newline before it. */
export function killToLineStart(buffer: ComposerBuffer, atoms?: readonly Atom[]) {
  const start = lineStartOf(buffer.text, buffer.cursor);
  const from = start === buffer.cursor ? Math.max(0, start - 1) : start;
  return killRange(buffer, from, buffer.cursor, atoms);
}

/** Ctrl+K: from the cursor to the end of the line; at a line's end, the newline after it. */
export function killToLineEnd(buffer: ComposerBuffer, atoms?: readonly Atom[]) {
  const end = lineEndOf(buffer.text, buffer.cursor);
  const to = end === buffer.cursor ? Math.min(buffer.text.length, end + 1) : end;
  return killRange(buffer, buffer.cursor, to, atoms);
}

/** Ctrl+W: the whitespace-separated word before the cursor (readline's unix-word-rubout). */
export function killSpacedWordBefore(buffer: ComposerBuffer, atoms?: readonly Atom[]) {
  const before = buffer.text.slice(0, buffer.cursor);
  const start = before.replace(/\S+\s*$|\s+$/, "").length;
  return killRange(buffer, start, buffer.cursor, atoms);
}

/** Alt+Backspace: the word before the cursor (letters, digits, underscores). */
export function killWordBefore(buffer: ComposerBuffer, atoms?: readonly Atom[]) {
  return killRange(buffer, wordStartBefore(buffer.text, buffer.cursor), buffer.cursor, atoms);
}

/** Alt+D: up to the end of the word after the cursor. */
export function killWordAfter(buffer: ComposerBuffer, atoms?: readonly Atom[]) {
  return killRange(buffer, buffer.cursor, wordEndAfter(buffer.text, buffer.cursor), atoms);
}

/** The keys that cut text (what they cut is what Ctrl+Y puts back). */
export const KILLS = {
  kill_line_start: killToLineStart,
  kill_line_end: killToLineEnd,
  kill_spaced_word_before: killSpacedWordBefore,
  kill_word_before: killWordBefore,
  kill_word_after: killWordAfter,
} satisfies Record<string, (buffer: ComposerBuffer, atoms?: readonly Atom[]) => Kill | undefined>;

export type KillAction = keyof typeof KILLS;

export const isKill = (action: string): action is KillAction => Object.hasOwn(KILLS, action);
