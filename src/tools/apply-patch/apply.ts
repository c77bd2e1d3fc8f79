import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { createTwoFilesPatch } from "diff";
import { PatchError } from "../errors.js";
import type { FileChange } from "../types.js";
import { displayPath, resolveWritablePath, type WorkspaceScope } from "../workspace.js";
import type { ParsedPatch, UpdateChunk } from "./parse.js";
import { LineIndex, seekSequence } from "./seek.js";

/** A file's text as lines, remembering its line ending and whether it ends with one. */
export interface FileText {
  lines: string[];
  eol: "\n" | "\r\n";
  finalNewline: boolean;
}

export function splitFileText(text: string): FileText {
  const firstNewline = text.indexOf("\n");
  const eol = firstNewline > 0 && text[firstNewline - 1] === "\r" ? "\r\n" : "\n";
  const finalNewline = text.endsWith("\n");
  let body = finalNewline ? text.slice(0, -1) : text;
  if (finalNewline && eol === "\r\n" && body.endsWith("\r")) body = body.slice(0, -1);
  if (body === "" && !finalNewline) return { lines: [], eol, finalNewline };
  const lines = body.split("\n");
  if (eol === "\r\n")
    for (let i = 0; i < lines.length; i += 1) lines[i] = lines[i]!.replace(/\r$/, "");
  return { lines, eol, finalNewline };
}

export function joinFileText(file: FileText): string {
  if (file.lines.length === 0) return "";
  return file.lines.join(file.eol) + (file.finalNewline ? file.eol : "");
}

const excerpt = (lines: string[]) =>
  lines
    .slice(0, 4)
    .map((l) => `  ${l}`)
    .join("\n") + (lines.length > 4 ? "\n  …" : "");

interface Replacement {
  at: number;
  length: number;
  lines: string[];
}

/** Apply the hunks of one Update File section to a file's lines (pure). Throws PatchError. */
export function applyChunks(lines: string[], chunks: UpdateChunk[], path: string): string[] {
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
      replacements.push({ at, length: 0, lines: chunk.newLines });
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
    // context lines keep the file's text, even when they matched only loosely
    const kept = newLines.map((line, i) => {
      const from = chunk.keptFrom[i] ?? -1;
      return from >= 0 && from < oldLines.length ? lines[at + from]! : line;
    });
    replacements.push({ at, length: oldLines.length, lines: kept });
    cursor = at + oldLines.length;
  });
  replacements.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  let position = 0;
  for (const r of replacements) {
    if (r.at < position) throw new PatchError(`hunks of ${path} overlap`);
    for (let i = position; i < r.at; i += 1) out.push(lines[i]!);
    for (const line of r.lines) out.push(line);
    position = r.at + r.length;
  }
  for (let i = position; i < lines.length; i += 1) out.push(lines[i]!);
  return out;
}

/** New file text after the hunks, keeping line endings and the final-newline state. */
export function updateFileText(original: string, chunks: UpdateChunk[], path: string): string {
  const file = splitFileText(original);
  const lines = applyChunks(file.lines, chunks, path);
  const finalNewline = file.finalNewline || file.lines.length === 0;
  return joinFileText({ lines, eol: file.eol, finalNewline });
}

export interface PlannedWrite {
  absPath: string;
  /** New content, or null to delete. */
  content: string | null;
  /** Content before the patch (undefined: the file did not exist). */
  original: string | undefined;
}

export interface VerifiedPatch {
  changes: FileChange[];
  writes: PlannedWrite[];
  /** `A path` / `M path` / `D path` lines. */
  summary: string[];
}

async function readIfExists(absPath: string, shown: string): Promise<string | undefined> {
  try {
    return await readFile(absPath, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (code === "EISDIR") throw new PatchError(`${shown} is a directory`);
    throw new PatchError(`cannot read ${shown}: ${code ?? String(error)}`);
  }
}

function unifiedDiff(path: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after);
}

/** Check every file and compute every new content; touches nothing on disk. */
export async function verifyPatch(
  patch: ParsedPatch,
  scope: WorkspaceScope,
): Promise<VerifiedPatch> {
  const overlay = new Map<string, string | null>();
  const originals = new Map<string, string | undefined>();
  const changes: FileChange[] = [];
  const summary: string[] = [];
  const current = async (abs: string, shown: string) => {
    if (!originals.has(abs)) originals.set(abs, await readIfExists(abs, shown));
    return overlay.has(abs) ? (overlay.get(abs) ?? undefined) : originals.get(abs);
  };
  const resolve = async (path: string, line: number) => {
    try {
      return await resolveWritablePath(path, scope);
    } catch (error) {
      throw new PatchError(error instanceof Error ? error.message : String(error), line);
    }
  };
  for (const op of patch.ops) {
    const abs = await resolve(op.path, op.line);
    const shown = displayPath(abs, scope.cwd);
    const before = await current(abs, shown);
    if (op.type === "add") {
      overlay.set(abs, op.contents);
      changes.push({
        path: shown,
        kind: "add",
        diff: unifiedDiff(shown, before ?? "", op.contents),
      });
      summary.push(`A ${shown}`);
      continue;
    }
    if (before === undefined) {
      const verb = op.type === "delete" ? "delete" : "update";
      throw new PatchError(`cannot ${verb} ${shown}: no such file`, op.line);
    }
    if (op.type === "delete") {
      overlay.set(abs, null);
      changes.push({ path: shown, kind: "delete", diff: unifiedDiff(shown, before, "") });
      summary.push(`D ${shown}`);
      continue;
    }
    const after = updateFileText(before, op.chunks, shown);
    if (op.movePath === undefined) {
      overlay.set(abs, after);
      changes.push({ path: shown, kind: "update", diff: unifiedDiff(shown, before, after) });
      summary.push(`M ${shown}`);
      continue;
    }
    const dest = await resolve(op.movePath, op.line);
    const destShown = displayPath(dest, scope.cwd);
    await current(dest, destShown);
    overlay.set(abs, null);
    overlay.set(dest, after);
    const diff = createTwoFilesPatch(`a/${shown}`, `b/${destShown}`, before, after);
    changes.push({ path: shown, kind: "update", movePath: destShown, diff });
    summary.push(`M ${destShown}`);
  }
  const writes = [...overlay].map(([absPath, content]) => ({
    absPath,
    content,
    original: originals.get(absPath),
  }));
  return { changes, writes, summary };
}

/** Write a verified patch. If a write fails, the files already written are restored. */
export async function writePatch(writes: PlannedWrite[]): Promise<void> {
  const done: PlannedWrite[] = [];
  try {
    for (const write of writes) {
      if (write.content === null) {
        if (write.original !== undefined) await rm(write.absPath);
      } else {
        await mkdir(dirname(write.absPath), { recursive: true });
        await writeFile(write.absPath, write.content);
      }
      done.push(write);
    }
  } catch (error) {
    for (const write of done.reverse()) {
      if (write.original === undefined) await rm(write.absPath, { force: true }).catch(() => {});
      else await writeFile(write.absPath, write.original).catch(() => {});
    }
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new PatchError(`writing the patch failed (${code}); files were restored`);
  }
}
