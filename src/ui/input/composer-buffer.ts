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

export function deleteWordBefore(buffer: ComposerBuffer): ComposerBuffer {
  const before = buffer.text.slice(0, buffer.cursor);
  const start = before.replace(/\S+\s*$|\s+$/, "").length;
  return { text: before.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

export function moveLeft(buffer: ComposerBuffer): ComposerBuffer {
  return {
    ...buffer,
    cursor: Math.max(0, buffer.cursor - charWidthBefore(buffer.text, buffer.cursor)),
  };
}

export function moveRight(buffer: ComposerBuffer): ComposerBuffer {
  const code = buffer.text.codePointAt(buffer.cursor);
  const width = code !== undefined && code > 0xffff ? 2 : 1;
  return { ...buffer, cursor: Math.min(buffer.text.length, buffer.cursor + width) };
}

export function lineStart(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: buffer.text.lastIndexOf("\n", buffer.cursor - 1) + 1 };
}

export function lineEnd(buffer: ComposerBuffer): ComposerBuffer {
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
