import { PatchError } from "../errors.js";
import type { Replacement } from "./display-diff.js";
import { joinFileText, splitFileText } from "./file-text.js";
import type { UpdateChunk } from "./parse.js";
import { LineIndex, seekSequence } from "./seek.js";

const excerpt = (lines: string[]) =>
  lines
    .slice(0, 4)
    .map((l) => `  ${l}`)
    .join("\n") + (lines.length > 4 ? "\n  …" : "");

/** Where each hunk of one Update File section goes in a file's lines (pure). Throws PatchError. */
function planChunks(lines: string[], chunks: UpdateChunk[], path: string): Replacement[] {
  const index = new LineIndex(lines);
  const replacements: Replacement[] = [];
  let cursor = 0;
  chunks.forEach((chunk, n) => {
    const which = chunks.length > 1 ? `hunk ${n + 1} of ${path}` : `the hunk of ${path}`;
    let narrowed = false;
    for (const context of chunk.contexts) {
      if (context.trim() === "") continue;
      const at = seekSequence(index, [context], cursor, false);
      if (at === undefined) {
        throw new PatchError(
          `${which}: context line ${JSON.stringify(context)} not found`,
          chunk.line,
        );
      }
      cursor = at + 1;
      narrowed = true;
    }
    if (chunk.oldLines.length === 0) {
      const at = narrowed && !chunk.isEndOfFile ? cursor : lines.length;
      const keptFrom = chunk.newLines.map(() => -1);
      replacements.push({ at, length: 0, lines: chunk.newLines, keptFrom });
      return;
    }
    let oldLines = chunk.oldLines;
    let newLines = chunk.newLines;
    let at = seekSequence(index, oldLines, cursor, chunk.isEndOfFile);
    if (at === undefined && oldLines.at(-1) === "") {
      // a blank line the model left before the next header is not part of the file
      oldLines = oldLines.slice(0, -1);
      if (newLines.at(-1) === "") newLines = newLines.slice(0, -1);
      at = oldLines.length ? seekSequence(index, oldLines, cursor, chunk.isEndOfFile) : undefined;
    }
    if (at === undefined) {
      const where = chunk.isEndOfFile ? " at the end of the file" : "";
      throw new PatchError(
        `${which}: expected lines not found${where}:\n${excerpt(chunk.oldLines)}`,
        chunk.line,
      );
    }
    const keptFrom = newLines.map((_, i) => {
      const from = chunk.keptFrom[i] ?? -1;
      return from >= 0 && from < oldLines.length ? from : -1;
    });
    // context lines keep the file's text, even when they matched only loosely
    const kept = newLines.map((line, i) => (keptFrom[i]! >= 0 ? lines[at + keptFrom[i]!]! : line));
    replacements.push({ at, length: oldLines.length, lines: kept, keptFrom });
    cursor = at + oldLines.length;
  });
  replacements.sort((a, b) => a.at - b.at);
  let position = 0;
  for (const r of replacements) {
    if (r.at < position) throw new PatchError(`hunks of ${path} overlap`);
    position = r.at + r.length;
  }
  return replacements;
}

/** The file's lines with the replacements made (they are sorted and do not overlap). */
function spliceReplacements(lines: string[], replacements: Replacement[]): string[] {
  const out: string[] = [];
  let position = 0;
  for (const r of replacements) {
    for (let i = position; i < r.at; i += 1) out.push(lines[i]!);
    for (const line of r.lines) out.push(line);
    position = r.at + r.length;
  }
  for (let i = position; i < lines.length; i += 1) out.push(lines[i]!);
  return out;
}

interface UpdatedFile {
  text: string;
  /** The old file's lines and where the hunks replaced them (for the display diff). */
  oldLines: string[];
  replacements: Replacement[];
}

/** The new text of a file after the hunks, keeping line endings and the final-newline state. */
export function updateFile(original: string, chunks: UpdateChunk[], path: string): UpdatedFile {
  const file = splitFileText(original);
  const replacements = planChunks(file.lines, chunks, path);
  const lines = spliceReplacements(file.lines, replacements);
  const finalNewline = file.finalNewline || file.lines.length === 0;
  const text = joinFileText({ lines, eol: file.eol, finalNewline });
  return { text, oldLines: file.lines, replacements };
}

/** New file text after the hunks, keeping line endings and the final-newline state. */
export function updateFileText(original: string, chunks: UpdateChunk[], path: string): string {
  return updateFile(original, chunks, path).text;
}
