/**
 * Unified diffs for display, built from what the patch already says (which lines it replaced)
 * instead of a general diff algorithm, and capped: a 100 000-line rewrite costs a bounded
 * amount of work here and neither blocks the event loop nor floods the UI.
 */

/** A diff line, or `skip`: `count` unchanged lines left out between two hunks. */
type DiffOp = { mark: " " | "-" | "+"; text: string } | { mark: "skip"; count: number };

/** An edit script, and how many changed lines it left out past the cap. */
interface DiffScript {
  ops: DiffOp[];
  unlisted: number;
}

/** One replaced range of the old file: `length` old lines at `at` became `lines`. */
export interface Replacement {
  at: number;
  length: number;
  lines: string[];
  /** For each new line: the index (within the replaced range) of the old line it keeps, or -1. */
  keptFrom: number[];
}

/** Changed lines shown at most; the rest is counted in a last line. */
export const DISPLAY_DIFF_MAX_LINES = 2_000;
const CONTEXT = 3;

/** Collects changed lines up to the cap, counting the ones past it. */
class ScriptBuilder {
  readonly ops: DiffOp[] = [];
  unlisted = 0;
  private changed = 0;

  constructor(private readonly cap: number) {}

  get full(): boolean {
    return this.changed >= this.cap;
  }

  change(mark: "-" | "+", text: string): void {
    if (this.full) this.unlisted += 1;
    else {
      this.changed += 1;
      this.ops.push({ mark, text });
    }
  }

  /** Unchanged lines `from..to` of `old`: only the context next to changes is kept. */
  same(old: readonly string[], from: number, to: number, first: boolean, last: boolean): void {
    if (this.full || to <= from) return;
    const head = first ? 0 : Math.min(CONTEXT, to - from);
    const tail = last ? 0 : Math.min(CONTEXT, to - from - head);
    for (let i = from; i < from + head; i += 1) this.ops.push({ mark: " ", text: old[i]! });
    const skipped = to - from - head - tail;
    if (skipped > 0) this.ops.push({ mark: "skip", count: skipped });
    for (let i = to - tail; i < to; i += 1) this.ops.push({ mark: " ", text: old[i]! });
  }

  script(): DiffScript {
    return { ops: this.ops, unlisted: this.unlisted };
  }
}

/** The edit script of a whole-file change (add over nothing or over a file, delete). */
export function wholeFileScript(
  before: readonly string[],
  after: readonly string[],
  cap = DISPLAY_DIFF_MAX_LINES,
): DiffScript {
  const out = new ScriptBuilder(cap);
  for (const text of before) out.change("-", text);
  for (const text of after) out.change("+", text);
  return out.script();
}

/** The edit script of an update: the patch's own lines, with the unchanged lines around them. */
export function replacementScript(
  old: readonly string[],
  replacements: readonly Replacement[],
  cap = DISPLAY_DIFF_MAX_LINES,
): DiffScript {
  const out = new ScriptBuilder(cap);
  let position = 0;
  for (const r of replacements) {
    out.same(old, position, r.at, position === 0, false);
    let keptOld = -1;
    let added: string[] = [];
    const removeUpTo = (end: number) => {
      for (let k = keptOld + 1; k < end; k += 1) {
        if (out.full) {
          out.unlisted += end - k;
          return;
        }
        out.change("-", old[r.at + k]!);
      }
    };
    r.lines.forEach((text, j) => {
      const k = r.keptFrom[j] ?? -1;
      if (k <= keptOld || k >= r.length) {
        added.push(text);
        return;
      }
      removeUpTo(k);
      for (const line of added) out.change("+", line);
      added = [];
      if (!out.full) out.ops.push({ mark: " ", text });
      keptOld = k;
    });
    removeUpTo(r.length);
    for (const line of added) out.change("+", line);
    position = r.at + r.length;
  }
  out.same(old, position, old.length, position === 0, true);
  return out.script();
}

const range = (start: number, count: number) => `${count === 0 ? start : start + 1},${count}`;
const isLine = (op: DiffOp | undefined) => op !== undefined && op.mark !== "skip";

/** Format an edit script as a unified diff with 3 lines of context. */
export function formatUnifiedDiff(oldName: string, newName: string, script: DiffScript): string {
  const { ops } = script;
  const out = [`--- ${oldName}`, `+++ ${newName}`];
  // old/new line numbers before op i
  let oldLine = 0;
  let newLine = 0;
  let i = 0;
  while (i < ops.length) {
    const op = ops[i]!;
    if (op.mark === "skip") {
      oldLine += op.count;
      newLine += op.count;
      i += 1;
      continue;
    }
    // a hunk: the lines up to the next skip, with at most CONTEXT unchanged lines at each end
    let end = i;
    while (isLine(ops[end])) end += 1;
    let first = i;
    while (first < end && ops[first]!.mark === " ") first += 1;
    let last = end;
    while (last > first && ops[last - 1]!.mark === " ") last -= 1;
    const start = Math.max(i, first - CONTEXT);
    const stop = first === end ? end : Math.min(end, last + CONTEXT);
    let oldCount = 0;
    let newCount = 0;
    for (let k = start; k < stop; k += 1) {
      if (ops[k]!.mark !== "+") oldCount += 1;
      if (ops[k]!.mark !== "-") newCount += 1;
    }
    const lead = start - i;
    if (first < end) {
      out.push(`@@ -${range(oldLine + lead, oldCount)} +${range(newLine + lead, newCount)} @@`);
      for (let k = start; k < stop; k += 1) {
        const line = ops[k] as { mark: string; text: string };
        out.push(`${line.mark}${line.text}`);
      }
    }
    // unchanged lines outside the shown context count on both sides
    const unchangedOutside = end - i - (stop - start);
    oldLine += oldCount + unchangedOutside;
    newLine += newCount + unchangedOutside;
    i = end;
  }
  if (script.unlisted > 0) out.push(`… ${script.unlisted} more changed lines not shown`);
  return `${out.join("\n")}\n`;
}
