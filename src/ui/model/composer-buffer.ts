/** The composer's text and cursor; pure editing operations (the component keeps it in a ref). */
export interface ComposerBuffer {
  text: string;
  /** Cursor offset into `text` (UTF-16 units). */
  cursor: number;
}

export const EMPTY_BUFFER: ComposerBuffer = { text: "", cursor: 0 };

export function insertText(buffer: ComposerBuffer, input: string): ComposerBuffer {
  const text = buffer.text.slice(0, buffer.cursor) + input + buffer.text.slice(buffer.cursor);
  return { text, cursor: buffer.cursor + input.length };
}

export function backspace(buffer: ComposerBuffer): ComposerBuffer {
  if (buffer.cursor === 0) return buffer;
  const width = charWidthBefore(buffer.text, buffer.cursor);
  return {
    text: buffer.text.slice(0, buffer.cursor - width) + buffer.text.slice(buffer.cursor),
    cursor: buffer.cursor - width,
  };
}

function moveLeft(buffer: ComposerBuffer): ComposerBuffer {
  return {
    ...buffer,
    cursor: Math.max(0, buffer.cursor - charWidthBefore(buffer.text, buffer.cursor)),
  };
}

function moveRight(buffer: ComposerBuffer): ComposerBuffer {
  const code = buffer.text.codePointAt(buffer.cursor);
  const width = code !== undefined && code > 0xffff ? 2 : 1;
  return { ...buffer, cursor: Math.min(buffer.text.length, buffer.cursor + width) };
}

/** Delete the character under the cursor (Ctrl+D). */
function deleteForward(buffer: ComposerBuffer): ComposerBuffer {
  const end = moveRight(buffer).cursor;
  return {
    text: buffer.text.slice(0, buffer.cursor) + buffer.text.slice(end),
    cursor: buffer.cursor,
  };
}

/** A letter, digit or underscore: what Alt+B/F/D and Alt+Backspace take as a word (readline's). */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Where the word before `at` starts (skipping what is not a word first). */
export function wordStartBefore(text: string, at: number): number {
  let i = at;
  while (i > 0 && !WORD_CHAR.test(text[i - 1] as string)) i--;
  while (i > 0 && WORD_CHAR.test(text[i - 1] as string)) i--;
  return i;
}

/** Where the word after `at` ends (skipping what is not a word first). */
export function wordEndAfter(text: string, at: number): number {
  let i = at;
  while (i < text.length && !WORD_CHAR.test(text[i] as string)) i++;
  while (i < text.length && WORD_CHAR.test(text[i] as string)) i++;
  return i;
}

export function moveWordLeft(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: wordStartBefore(buffer.text, buffer.cursor) };
}

export function moveWordRight(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: wordEndAfter(buffer.text, buffer.cursor) };
}

function lineStart(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: buffer.text.lastIndexOf("\n", buffer.cursor - 1) + 1 };
}

function lineEnd(buffer: ComposerBuffer): ComposerBuffer {
  const end = buffer.text.indexOf("\n", buffer.cursor);
  return { ...buffer, cursor: end === -1 ? buffer.text.length : end };
}

/** Move the cursor one line up/down keeping the column; undefined at the first/last line. */
export function moveLine(buffer: ComposerBuffer, direction: -1 | 1): ComposerBuffer | undefined {
  const start = buffer.text.lastIndexOf("\n", buffer.cursor - 1) + 1;
  const column = buffer.cursor - start;
  if (direction === -1) {
    if (start === 0) return undefined;
    const previousStart = buffer.text.lastIndexOf("\n", start - 2) + 1;
    return { ...buffer, cursor: Math.min(previousStart + column, start - 1) };
  }
  const end = buffer.text.indexOf("\n", buffer.cursor);
  if (end === -1) return undefined;
  const nextEnd = buffer.text.indexOf("\n", end + 1);
  const limit = nextEnd === -1 ? buffer.text.length : nextEnd;
  return { ...buffer, cursor: Math.min(end + 1 + column, limit) };
}

function charWidthBefore(text: string, cursor: number): number {
  const low = text.charCodeAt(cursor - 1);
  return low >= 0xdc00 && low <= 0xdfff && cursor >= 2 ? 2 : 1;
}

/** The keys that only move the cursor or delete a character, by their action's name. */
export const BUFFER_EDITS: Record<
  "left" | "right" | "word_left" | "word_right" | "home" | "end" | "delete_forward",
  (b: ComposerBuffer) => ComposerBuffer
> = {
  left: moveLeft,
  right: moveRight,
  word_left: moveWordLeft,
  word_right: moveWordRight,
  home: lineStart,
  end: lineEnd,
  delete_forward: deleteForward,
};

/** Recall of submitted messages with Up/Down; the draft being typed is kept aside. */
export interface InputHistory {
  entries: string[];
  /** Index into entries while recalling; entries.length = editing the draft. */
  index: number;
  draft: string;
}

export function recall(
  history: InputHistory,
  current: string,
  direction: -1 | 1,
): { history: InputHistory; text: string } | undefined {
  const index = history.index + direction;
  if (index < 0 || index > history.entries.length) return undefined;
  const draft = history.index === history.entries.length ? current : history.draft;
  const text = index === history.entries.length ? draft : (history.entries[index] ?? "");
  return { history: { ...history, index, draft }, text };
}

export function remember(history: InputHistory, text: string): InputHistory {
  const entries = history.entries.at(-1) === text ? history.entries : [...history.entries, text];
  return { entries, index: entries.length, draft: "" };
}
