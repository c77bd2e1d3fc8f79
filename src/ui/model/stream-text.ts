/**
 * Streaming agent text, kept linear in its length: complete lines leave at once (they go to the
 * transcript) and the open line is an array of chunks joined lazily, so each delta costs
 * O(delta) however long the answer or the line grows.
 */
export interface OpenLine {
  readonly chunks: readonly string[];
  readonly length: number;
}

export const EMPTY_LINE: OpenLine = { chunks: [], length: 0 };

/** Chunks are merged once this many pile up, so the array never grows without bound. */
const MAX_CHUNKS = 64;

interface StreamCut {
  /** Complete lines to move to the transcript. */
  lines: string[];
  /** The current incomplete line. */
  open: OpenLine;
}

function pushChunk(open: OpenLine, text: string): OpenLine {
  if (!text) return open;
  const chunks =
    open.chunks.length >= MAX_CHUNKS ? [open.chunks.join(""), text] : [...open.chunks, text];
  return { chunks, length: open.length + text.length };
}

/** Append `delta`: only the delta is scanned for newlines (the open line never holds one). */
export function appendStreamText(open: OpenLine, delta: string): StreamCut {
  const first = delta.indexOf("\n");
  if (first === -1) return { lines: [], open: pushChunk(open, delta) };
  const lines = [lineText(open) + delta.slice(0, first)];
  let start = first + 1;
  for (let nl = delta.indexOf("\n", start); nl !== -1; nl = delta.indexOf("\n", start)) {
    lines.push(delta.slice(start, nl));
    start = nl + 1;
  }
  return { lines, open: pushChunk(EMPTY_LINE, delta.slice(start)) };
}

export function lineText(open: OpenLine): string {
  return open.chunks.join("");
}

/** The last `max` characters of the open line, joining only the chunks needed. */
export function lineTail(open: OpenLine, max: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = open.chunks.length - 1; i >= 0 && length < max; i--) {
    const chunk = open.chunks[i] as string;
    parts.push(chunk);
    length += chunk.length;
  }
  const text = parts.reverse().join("");
  return text.length > max ? text.slice(-max) : text;
}

/** Whether a code fence is open after these lines, given it was `open` before them. */
export function fenceStateAfter(lines: readonly string[], open: boolean): boolean {
  let state = open;
  for (const line of lines) if (line.trimStart().startsWith("```")) state = !state;
  return state;
}
