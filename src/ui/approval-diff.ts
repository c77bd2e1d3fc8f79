import { printable } from "../text/index.js";
import type { FileChange } from "../tools/index.js";

/** One line of the patch an approval shows: the diff text and its file line number. */
export interface ApprovalDiffLine {
  text: string;
  /** New-file line for added and context lines, old-file line for removed ones. */
  number?: number;
}

export interface ChangeCounts {
  path: string;
  kind: FileChange["kind"];
  movePath?: string;
  added: number;
  removed: number;
}

/**
 * The diff as a person must read it: a new file's old side is /dev/null, a deleted file's new
 * side is /dev/null (jsdiff writes a/ and b/ names for both), and the "Index:" preamble goes.
 */
export function displayDiff(change: FileChange): string[] {
  if (!change.diff) return [];
  return printable(change.diff)
    .replace(/\n$/, "")
    .split("\n")
    .filter((line) => !line.startsWith("Index: ") && !/^=+$/.test(line))
    .map((line) => {
      if (change.kind === "add" && line.startsWith("--- ")) return "--- /dev/null";
      if (change.kind === "delete" && line.startsWith("+++ ")) return "+++ /dev/null";
      return line.replace(/\t$/, "");
    });
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Every file's diff lines, in order, numbered from the hunk headers. */
export function approvalDiffLines(changes: readonly FileChange[]): ApprovalDiffLine[] {
  const out: ApprovalDiffLine[] = [];
  for (const change of changes) {
    let oldLine = 0;
    let newLine = 0;
    for (const text of displayDiff(change)) {
      const hunk = HUNK.exec(text);
      if (hunk) {
        oldLine = Number(hunk[1]);
        newLine = Number(hunk[2]);
        out.push({ text });
      } else if (text.startsWith("+++ ") || text.startsWith("--- ") || text.startsWith("\\")) {
        out.push({ text });
      } else if (text.startsWith("+")) {
        out.push({ text, number: newLine++ });
      } else if (text.startsWith("-")) {
        out.push({ text, number: oldLine++ });
      } else {
        out.push({ text, number: newLine++ });
        oldLine++;
      }
    }
  }
  return out;
}

/** Lines added and removed per file, from its diff. */
export function changeCounts(changes: readonly FileChange[]): ChangeCounts[] {
  return changes.map((change) => {
    let added = 0;
    let removed = 0;
    for (const line of displayDiff(change)) {
      if (line.startsWith("+") && !line.startsWith("+++ ")) added++;
      else if (line.startsWith("-") && !line.startsWith("--- ")) removed++;
    }
    return {
      path: change.path,
      kind: change.kind,
      ...(change.movePath ? { movePath: change.movePath } : {}),
      added,
      removed,
    };
  });
}

/** "2 files · +57 −3". */
export function patchSummary(counts: readonly ChangeCounts[]): string {
  const added = counts.reduce((sum, c) => sum + c.added, 0);
  const removed = counts.reduce((sum, c) => sum + c.removed, 0);
  const files = counts.length === 1 ? "1 file" : `${counts.length} files`;
  return `${files} · +${added} −${removed}`;
}

/** Rows a line of `length` columns takes when wrapped at `columns`. */
function rowsOf(length: number, columns: number): number {
  return Math.max(1, Math.ceil(length / Math.max(1, columns)));
}

/**
 * The lines shown from `offset` within `rows` terminal rows (long lines wrap): the first
 * line, the end (exclusive) and the offset clamped so the last page is full.
 */
export function diffWindow(
  lines: readonly ApprovalDiffLine[],
  offset: number,
  rows: number,
  columns: number,
): { start: number; end: number } {
  // The furthest start that still fills the window to the last line.
  let lastStart = lines.length;
  let used = 0;
  while (lastStart > 0) {
    const need = rowsOf(lines[lastStart - 1]?.text.length ?? 0, columns);
    if (used + need > rows) break;
    used += need;
    lastStart--;
  }
  const start = Math.max(0, Math.min(offset, lastStart));
  let end = start;
  used = 0;
  while (end < lines.length) {
    const need = rowsOf(lines[end]?.text.length ?? 0, columns);
    if (used + need > rows && end > start) break;
    used += need;
    end++;
  }
  return { start, end };
}

export type DiffScroll = "line_up" | "line_down" | "page_up" | "page_down" | "first" | "last";

/** The offset after a scroll key, clamped to the diff (a page keeps one line of context). */
export function scrollDiff(
  lines: readonly ApprovalDiffLine[],
  offset: number,
  scroll: DiffScroll,
  rows: number,
  columns: number,
): number {
  const { start, end } = diffWindow(lines, offset, rows, columns);
  const page = Math.max(1, end - start - 1);
  const target = {
    line_up: start - 1,
    line_down: start + 1,
    page_up: start - page,
    page_down: start + page,
    first: 0,
    last: lines.length,
  }[scroll];
  return diffWindow(lines, Math.max(0, target), rows, columns).start;
}
