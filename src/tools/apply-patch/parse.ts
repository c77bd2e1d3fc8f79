import { PatchError } from "../errors.js";
import { classifyHeaderLine, classifyPatchLine, heredocTag, type PatchLine } from "./lines.js";

interface AddFileOp {
  type: "add";
  path: string;
  contents: string;
  line: number;
}

interface DeleteFileOp {
  type: "delete";
  path: string;
  line: number;
}

export interface UpdateChunk {
  /** `@@ context` headers, each narrowing the search to after its line. */
  contexts: string[];
  oldLines: string[];
  newLines: string[];
  /** For each new line: the index of the old line it keeps (context), or -1 (added). */
  keptFrom: number[];
  isEndOfFile: boolean;
  /** 1-based line of the patch where the chunk starts. */
  line: number;
}

interface UpdateFileOp {
  type: "update";
  path: string;
  movePath?: string;
  chunks: UpdateChunk[];
  line: number;
}

type PatchOp = AddFileOp | DeleteFileOp | UpdateFileOp;

export interface ParsedPatch {
  ops: PatchOp[];
}

/** The lines between the markers; `body[i]` is line `first + i` of the patch (1-based). */
interface PatchBody {
  lines: string[];
  first: number;
}

const show = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

const isBlank = (line: string) => line.trim() === "";

/** The lines between the markers; strips surrounding whitespace and a heredoc wrapper. */
function patchBody(text: string): PatchBody {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i]!.endsWith("\r")) lines[i] = lines[i]!.slice(0, -1);
  }
  let first = lines.findIndex((l) => !isBlank(l));
  let last = lines.findLastIndex((l) => !isBlank(l));
  if (first < 0) throw new PatchError("the patch is empty");
  const tag = heredocTag(lines[first]!);
  if (tag !== undefined) {
    if (lines[last]!.trim() !== tag || last === first) {
      throw new PatchError(`heredoc opened with ${tag} is not closed by a line ${tag}`, first + 1);
    }
    first += 1;
    last -= 1;
    while (first <= last && isBlank(lines[first]!)) first += 1;
    while (last >= first && isBlank(lines[last]!)) last -= 1;
    if (first > last) throw new PatchError("the patch is empty");
  }
  const head = lines[first]!;
  if (classifyPatchLine(head).kind !== "begin") {
    throw new PatchError(
      `the first line of the patch must be '*** Begin Patch', got ${show(head)}`,
      first + 1,
    );
  }
  const tail = lines[last]!;
  if (last === first || classifyPatchLine(tail).kind !== "end") {
    throw new PatchError(
      `the last line of the patch must be '*** End Patch', got ${show(tail)}`,
      last + 1,
    );
  }
  return { lines: lines.slice(first + 1, last), first: first + 2 };
}

/**
 * Parse a whole patch. Throws PatchError saying which line and why. Like the Codex CLI, a
 * file-operation header may be indented or carry trailing whitespace where one is expected.
 */
export function parsePatch(text: string): ParsedPatch {
  const body = patchBody(text);
  const lines = body.lines;
  const numberOf = (i: number) => body.first + i;
  const ops: PatchOp[] = [];
  let index = 0;
  while (index < lines.length) {
    const text = lines[index]!;
    const number = numberOf(index);
    const parsed = classifyHeaderLine(text);
    index += 1;
    if (parsed.kind === "text" && isBlank(parsed.text)) continue;
    if (parsed.kind === "add" || parsed.kind === "delete" || parsed.kind === "update") {
      if (parsed.path === "")
        throw new PatchError(`missing path after '*** ${parsed.kind} file:'`, number);
    }
    if (parsed.kind === "add") {
      const contents: string[] = [];
      // end of the current run of blank lines (scanned once per run, so linear)
      let blankRun = { end: -1, endsSection: false };
      for (; index < lines.length; index += 1) {
        const t = lines[index]!;
        if (t.startsWith("+")) {
          contents.push(t.slice(1));
          continue;
        }
        if (classifyHeaderLine(t).kind !== "text") break;
        if (isBlank(t)) {
          if (index >= blankRun.end) blankRun = blankRunFrom(lines, index);
          if (blankRun.endsSection) break;
          // a blank line inside an added file is an empty line whose '+' the model left out
          contents.push("");
          continue;
        }
        throw new PatchError(
          `every line of an added file must start with '+', got ${show(t)}`,
          numberOf(index),
        );
      }
      const joined = contents.map((c) => `${c}\n`).join("");
      ops.push({ type: "add", path: parsed.path, contents: joined, line: number });
    } else if (parsed.kind === "delete") {
      ops.push({ type: "delete", path: parsed.path, line: number });
    } else if (parsed.kind === "update") {
      const op: UpdateFileOp = { type: "update", path: parsed.path, chunks: [], line: number };
      const move = index < lines.length ? classifyPatchLine(lines[index]!) : undefined;
      if (move?.kind === "move") {
        if (move.path === "")
          throw new PatchError("missing path after '*** Move to:'", numberOf(index));
        op.movePath = move.path;
        index += 1;
      }
      index = parseChunks(body, index, op);
      ops.push(op);
    } else {
      const what = parsed.kind === "text" ? show(parsed.text) : `'${text.trim()}'`;
      throw new PatchError(
        `expected '*** Add File: ', '*** Delete File: ' or '*** Update File: ', got ${what}`,
        number,
      );
    }
  }
  if (ops.length === 0) throw new PatchError("the patch changes no file");
  return { ops };
}

/** Where the blank lines from `start` end, and whether a marker line (or the end) follows them. */
function blankRunFrom(lines: string[], start: number): { end: number; endsSection: boolean } {
  for (let i = start; i < lines.length; i += 1) {
    const parsed = classifyHeaderLine(lines[i]!);
    if (parsed.kind !== "text") return { end: i, endsSection: true };
    if (!isBlank(parsed.text)) return { end: i, endsSection: false };
  }
  return { end: lines.length, endsSection: true };
}

const newChunk = (line: number): UpdateChunk => ({
  contexts: [],
  oldLines: [],
  newLines: [],
  keptFrom: [],
  isEndOfFile: false,
  line,
});

/** Read the hunks of one Update File section; returns the index of the first line after it. */
function parseChunks(body: PatchBody, start: number, op: UpdateFileOp): number {
  const lines = body.lines;
  let index = start;
  let chunk: UpdateChunk | undefined;
  let chunkHasLines = false;
  const close = () => {
    if (!chunk) return;
    if (!chunkHasLines) throw new PatchError(`empty hunk in ${op.path}`, chunk.line);
    op.chunks.push(chunk);
    chunk = undefined;
    chunkHasLines = false;
  };
  for (; index < lines.length; index += 1) {
    const t = lines[index]!;
    const number = body.first + index;
    const marker = t[0];
    // ' ', '+' and '-' lines are hunk lines whatever follows (as in the Codex CLI), and an empty
    // line is an empty context line; they are nearly every line of a large patch, so they are
    // taken without classifying (or allocating)
    if (marker === " " || marker === "+" || marker === "-" || t === "") {
      chunk ??= newChunk(number);
      chunkHasLines = true;
      const content = t.slice(1);
      if (marker !== "+") chunk.oldLines.push(content);
      if (marker !== "-") {
        chunk.newLines.push(content);
        chunk.keptFrom.push(marker === "+" ? -1 : chunk.oldLines.length - 1);
      }
      continue;
    }
    const parsed: PatchLine = classifyPatchLine(t);
    if (parsed.kind === "hunk") {
      if (chunk && !chunkHasLines) chunk.contexts.push(parsed.context);
      else {
        close();
        chunk = newChunk(number);
        chunk.contexts.push(parsed.context);
      }
    } else if (parsed.kind === "eof") {
      if (!chunk) throw new PatchError(`'*** End of File' outside a hunk in ${op.path}`, number);
      chunk.isEndOfFile = true;
      close();
    } else if (parsed.kind === "text") {
      if (classifyHeaderLine(t).kind !== "text") break;
      throw new PatchError(
        `unexpected line in the hunk of ${op.path}: lines must start with ' ', '+' or '-', got ${show(t)}`,
        number,
      );
    } else if (parsed.kind === "move") {
      throw new PatchError(
        `'*** Move to:' must directly follow '*** Update File: ${op.path}'`,
        number,
      );
    } else {
      break;
    }
  }
  close();
  if (op.chunks.length === 0)
    throw new PatchError(`'*** Update File: ${op.path}' has no hunk`, op.line);
  return index;
}
