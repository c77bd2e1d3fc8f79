import type { ComposerBuffer } from "./composer-buffer.js";

/** A paste longer than this (characters or lines) shows as one placeholder in the composer. */
const COLLAPSE_CHARS = 1000;
const COLLAPSE_LINES = 10;

/** Placeholder text → the pasted text it stands for (sent in full). */
export type Pastes = ReadonlyMap<string, string>;

export function shouldCollapse(text: string): boolean {
  return text.length > COLLAPSE_CHARS || text.split("\n").length > COLLAPSE_LINES;
}

/** `[Pasted 9 192 chars]`, with `#2`, `#3` … when the same label is already in use. */
export function pasteLabel(text: string, pastes: Pastes): string {
  const size = text.length.toLocaleString("en-US").replaceAll(",", " ");
  const base = `[Pasted ${size} chars`;
  let label = `${base}]`;
  for (let n = 2; pastes.has(label); n++) label = `${base} #${n}]`;
  return label;
}

/** The text as sent: every placeholder still in it replaced by what was pasted. */
export function expandPastes(text: string, pastes: Pastes): string {
  let out = text;
  for (const [label, pasted] of pastes) out = out.replaceAll(label, pasted);
  return out;
}

/** Backspace right after a placeholder removes all of it (it is one thing to the person). */
export function deletePlaceholderBefore(
  buffer: ComposerBuffer,
  pastes: Pastes,
): ComposerBuffer | undefined {
  const before = buffer.text.slice(0, buffer.cursor);
  for (const label of pastes.keys()) {
    if (before.endsWith(label)) {
      const start = buffer.cursor - label.length;
      return { text: before.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
    }
  }
  return undefined;
}
