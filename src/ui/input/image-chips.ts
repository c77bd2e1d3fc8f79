import { statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, resolve } from "node:path";
import { displayPath, imageMediaType, imageReadProblem, readImageFile } from "../../tools/index.js";
import type { ComposerBuffer } from "../model/index.js";
import { imageLabel, type Placeholder, placeholderSpans } from "../model/index.js";

/** One shell-like word of the input: where it is and the path it spells (quotes, `\ ` undone). */
interface PathWord {
  start: number;
  end: number;
  path: string;
}

/**
 * The input's words as a terminal pastes dragged files: separated by unquoted whitespace,
 * `'…'` and `"…"` quote, a backslash escapes the next character (outside single quotes).
 */
export function pathWords(text: string): PathWord[] {
  const words: PathWord[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
    if (i >= text.length) break;
    const start = i;
    let path = "";
    let quote: string | undefined;
    for (; i < text.length; i++) {
      const ch = text[i] as string;
      if (quote) {
        if (ch === quote) quote = undefined;
        else if (ch === "\\" && quote === '"' && i + 1 < text.length) path += text[++i];
        else path += ch;
      } else if (ch === "'" || ch === '"') quote = ch;
      else if (ch === "\\" && i + 1 < text.length) path += text[++i];
      else if (/\s/.test(ch)) break;
      else path += ch;
    }
    words.push({ start, end: i, path });
  }
  return words;
}

/**
 * The file a typed or pasted path names: `~/…`, absolute, `file://…`, or relative to the
 * workspace; undefined for a `file://` word that is no URL (a stray `%`): it stays text.
 */
function resolveTypedPath(path: string, cwd: string): string | undefined {
  if (path === "~" || path.startsWith("~/")) return resolve(homedir(), path.slice(2));
  if (path.startsWith("file://")) {
    try {
      return decodeURIComponent(path.slice("file://".length));
    } catch {
      return undefined;
    }
  }
  return resolve(cwd, path);
}

/** A word names an image to attach: an image extension and an existing file (else plain text). */
function namesImageFile(word: PathWord, cwd: string): string | undefined {
  if (word.path.startsWith("@") || !imageMediaType(word.path)) return undefined;
  const file = resolveTypedPath(word.path, cwd);
  if (file === undefined) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

interface ChipResult {
  buffer: ComposerBuffer;
  /** Labels added, with what they stand for (the caller puts them in its placeholders). */
  added: [string, Placeholder][];
  /** Images named but not attached (too large, unreadable), for a note in the transcript. */
  notes: string[];
}

/**
 * Turn the words in `[from, to)` that name image files into `[image: name.png]` chips (words
 * inside existing placeholders are left alone). Missing and non-image paths stay as typed.
 */
export function chipImagePaths(
  buffer: ComposerBuffer,
  placeholders: ReadonlyMap<string, Placeholder>,
  cwd: string,
  range: { from: number; to: number } = { from: 0, to: buffer.text.length },
): ChipResult {
  const taken = new Map(placeholders);
  const held = placeholderSpans(buffer.text, placeholders);
  const added: [string, Placeholder][] = [];
  const notes: string[] = [];
  let text = "";
  let copied = 0;
  let cursor = buffer.cursor;
  for (const word of pathWords(buffer.text)) {
    if (word.start < range.from || word.end > range.to) continue;
    if (held.some((span) => span.start < word.end && word.start < span.end)) continue;
    const file = namesImageFile(word, cwd);
    if (!file) continue;
    const read = readImageFile(file);
    if (!read.ok) {
      notes.push(`${word.path}: ${imageReadProblem(read)}; not attached.`);
      continue;
    }
    const name = basename(file);
    const label = imageLabel(name, taken);
    const path = displayPath(file, cwd);
    const chip: Placeholder = { kind: "image", dataUrl: read.dataUrl, name, path };
    taken.set(label, chip);
    added.push([label, chip]);
    text += buffer.text.slice(copied, word.start) + label;
    copied = word.end;
    if (buffer.cursor >= word.end) cursor += label.length - (word.end - word.start);
    else if (buffer.cursor > word.start) cursor = text.length;
  }
  text += buffer.text.slice(copied);
  return { buffer: { text, cursor }, added, notes };
}

/** The range of the word that ends at `end` (quotes and escapes included), for typed paths. */
export function wordEndingAt(text: string, end: number): { from: number; to: number } | undefined {
  const word = pathWords(text.slice(0, end)).at(-1);
  return word && word.end === end ? { from: word.start, to: end } : undefined;
}
