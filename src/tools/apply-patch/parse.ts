import { PatchError } from "../errors.js";
import { classifyPatchLine, heredocTag, type PatchLine } from "./lines.js";

export interface AddFileOp {
  type: "add";
  path: string;
  contents: string;
  line: number;
}

export interface DeleteFileOp {
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

export interface UpdateFileOp {
  type: "update";
  path: string;
  movePath?: string;
  chunks: UpdateChunk[];
  line: number;
}

export type PatchOp = AddFileOp | DeleteFileOp | UpdateFileOp;

export interface ParsedPatch {
  ops: PatchOp[];
}

interface NumberedLine {
  number: number;
  text: string;
}

const show = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** The lines between the markers, with their 1-based numbers; strips whitespace and a heredoc. */
function patchBody(text: string): NumberedLine[] {
  const lines = text.split("\n").map((t, i) => ({ number: i + 1, text: t.replace(/\r$/, "") }));
  let first = lines.findIndex((l) => l.text.trim() !== "");
  let last = lines.findLastIndex((l) => l.text.trim() !== "");
  if (first < 0) throw new PatchError("the patch is empty");
  const tag = heredocTag(lines[first]!.text);
  if (tag !== undefined) {
    if (lines[last]!.text.trim() !== tag || last === first) {
      throw new PatchError(
        `heredoc opened with ${tag} is not closed by a line ${tag}`,
        lines[first]!.number,
      );
    }
    first += 1;
    last -= 1;
    while (first <= last && lines[first]!.text.trim() === "") first += 1;
    while (last >= first && lines[last]!.text.trim() === "") last -= 1;
    if (first > last) throw new PatchError("the patch is empty");
  }
  const head = lines[first]!;
  if (classifyPatchLine(head.text).kind !== "begin") {
    throw new PatchError(
      `the first line of the patch must be '*** Begin Patch', got ${show(head.text)}`,
      head.number,
    );
  }
  const tail = lines[last]!;
  if (last === first || classifyPatchLine(tail.text).kind !== "end") {
    throw new PatchError(
      `the last line of the patch must be '*** End Patch', got ${show(tail.text)}`,
      tail.number,
    );
  }
  return lines.slice(first + 1, last);
}

/** Parse a whole patch. Throws PatchError saying which line and why. */
export function parsePatch(text: string): ParsedPatch {
  const body = patchBody(text);
  const ops: PatchOp[] = [];
  let index = 0;
  const peek = (): { line: NumberedLine; parsed: PatchLine } | undefined => {
    const line = body[index];
    return line ? { line, parsed: classifyPatchLine(line.text) } : undefined;
  };
  while (index < body.length) {
    const { line, parsed } = peek()!;
    index += 1;
    if (parsed.kind === "text" && parsed.text.trim() === "") continue;
    if (parsed.kind === "add" || parsed.kind === "delete" || parsed.kind === "update") {
      if (parsed.path === "")
        throw new PatchError(`missing path after '*** ${parsed.kind} file:'`, line.number);
    }
    if (parsed.kind === "add") {
      const contents: string[] = [];
      for (let next = peek(); next?.parsed.kind === "text"; next = peek()) {
        const t = next.parsed.text;
        if (t.trim() === "" && blankUntilSectionEnd(body, index)) break;
        // a blank line inside an added file is an empty line whose '+' the model left out
        if (t.trim() !== "" && !t.startsWith("+")) {
          throw new PatchError(
            `every line of an added file must start with '+', got ${show(t)}`,
            next.line.number,
          );
        }
        contents.push(t.startsWith("+") ? t.slice(1) : "");
        index += 1;
      }
      ops.push({
        type: "add",
        path: parsed.path,
        contents: contents.map((c) => `${c}\n`).join(""),
        line: line.number,
      });
    } else if (parsed.kind === "delete") {
      ops.push({ type: "delete", path: parsed.path, line: line.number });
    } else if (parsed.kind === "update") {
      const op: UpdateFileOp = { type: "update", path: parsed.path, chunks: [], line: line.number };
      const move = peek();
      if (move?.parsed.kind === "move") {
        if (move.parsed.path === "")
          throw new PatchError("missing path after '*** Move to:'", move.line.number);
        op.movePath = move.parsed.path;
        index += 1;
      }
      index = parseChunks(body, index, op);
      ops.push(op);
    } else {
      const what = parsed.kind === "text" ? show(parsed.text) : `'${line.text.trim()}'`;
      throw new PatchError(
        `expected '*** Add File: ', '*** Delete File: ' or '*** Update File: ', got ${what}`,
        line.number,
      );
    }
  }
  if (ops.length === 0) throw new PatchError("the patch changes no file");
  return { ops };
}

/** True when the lines from `start` are blank up to the next marker line (or the end). */
function blankUntilSectionEnd(body: NumberedLine[], start: number): boolean {
  for (let i = start; i < body.length; i += 1) {
    const parsed = classifyPatchLine(body[i]!.text);
    if (parsed.kind !== "text") return true;
    if (parsed.text.trim() !== "") return false;
  }
  return true;
}

/** Read the hunks of one Update File section; returns the index of the first line after it. */
function parseChunks(body: NumberedLine[], start: number, op: UpdateFileOp): number {
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
  for (; index < body.length; index += 1) {
    const line = body[index]!;
    const parsed = classifyPatchLine(line.text);
    if (parsed.kind === "hunk") {
      if (chunk && !chunkHasLines) chunk.contexts.push(parsed.context);
      else {
        close();
        chunk = {
          contexts: [parsed.context],
          oldLines: [],
          newLines: [],
          keptFrom: [],
          isEndOfFile: false,
          line: line.number,
        };
      }
    } else if (parsed.kind === "eof") {
      if (!chunk)
        throw new PatchError(`'*** End of File' outside a hunk in ${op.path}`, line.number);
      chunk.isEndOfFile = true;
      close();
    } else if (parsed.kind === "text") {
      const t = parsed.text;
      const marker = t[0];
      if (t !== "" && marker !== " " && marker !== "+" && marker !== "-") {
        throw new PatchError(
          `unexpected line in the hunk of ${op.path}: lines must start with ' ', '+' or '-', got ${show(t)}`,
          line.number,
        );
      }
      chunk ??= {
        contexts: [],
        oldLines: [],
        newLines: [],
        keptFrom: [],
        isEndOfFile: false,
        line: line.number,
      };
      chunkHasLines = true;
      const content = t.slice(1);
      if (marker !== "+") chunk.oldLines.push(content);
      if (marker !== "-") {
        chunk.newLines.push(content);
        chunk.keptFrom.push(marker === "+" ? -1 : chunk.oldLines.length - 1);
      }
    } else if (parsed.kind === "move") {
      throw new PatchError(
        `'*** Move to:' must directly follow '*** Update File: ${op.path}'`,
        line.number,
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
