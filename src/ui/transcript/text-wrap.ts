import type { TextRun } from "./markdown.js";

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const COMBINING = /\p{Mn}|\p{Me}/u;

function zeroWidth(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (
    (code >= 0x200b && code <= 0x200f) ||
    code === 0x2060 ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    COMBINING.test(ch)
  );
}
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\p{Extended_Pictographic}\u{20000}-\u{3fffd}]/u;

/** Terminal columns a string takes (ASCII fast path; wide CJK/emoji 2, combining marks 0). */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const ch of text) {
    if (zeroWidth(ch)) continue;
    width += WIDE.test(ch) ? 2 : 1;
  }
  return width;
}

type Token = { text: string; style: TextRun; space: boolean };

function tokens(runs: readonly TextRun[]): Token[] {
  const out: Token[] = [];
  for (const run of runs) {
    for (const match of run.text.matchAll(/\s+|\S+/g)) {
      out.push({ text: match[0], style: run, space: /^\s/.test(match[0]) });
    }
  }
  return out;
}

function pushText(row: TextRun[], style: TextRun, text: string) {
  const last = row.at(-1);
  if (last && sameStyle(last, style)) last.text += text;
  else row.push({ ...style, text });
}

function sameStyle(a: TextRun, b: TextRun): boolean {
  return a.bold === b.bold && a.code === b.code && a.dim === b.dim && a.heading === b.heading;
}

/**
 * Word-wrap styled runs to `width` columns: breaks at spaces (dropped at the break), splits
 * words longer than a row. Rows that fit are never re-wrapped by Ink, which keeps rendering
 * long streamed answers linear and cheap.
 */
export function wrapRuns(runs: readonly TextRun[], width: number): TextRun[][] {
  const max = Math.max(1, width);
  const rows: TextRun[][] = [[]];
  let used = 0;
  let pendingSpace: Token | undefined;
  let leading = true;
  const newRow = () => {
    rows.push([]);
    used = 0;
    pendingSpace = undefined;
  };
  for (const token of tokens(runs)) {
    if (token.space) {
      // Indentation at the start of the line is kept; spaces at a break are dropped.
      if (leading) {
        pushText(rows.at(-1) as TextRun[], token.style, token.text);
        used += token.text.length;
      } else pendingSpace = token;
      continue;
    }
    leading = false;
    let word = token.text;
    let wordWidth = displayWidth(word);
    const spaceWidth = pendingSpace ? displayWidth(pendingSpace.text) : 0;
    if (used > 0 && used + spaceWidth + wordWidth > max) newRow();
    else if (pendingSpace) {
      pushText(rows.at(-1) as TextRun[], pendingSpace.style, pendingSpace.text);
      used += spaceWidth;
    }
    pendingSpace = undefined;
    while (used + wordWidth > max) {
      // A word longer than the row: cut it by columns.
      let cut = 0;
      let cutWidth = 0;
      for (const ch of word) {
        const w = displayWidth(ch);
        if (used + cutWidth + w > max && cut > 0) break;
        cut += ch.length;
        cutWidth += w;
      }
      pushText(rows.at(-1) as TextRun[], token.style, word.slice(0, cut));
      word = word.slice(cut);
      wordWidth -= cutWidth;
      newRow();
      if (!word) break;
    }
    if (word) {
      pushText(rows.at(-1) as TextRun[], token.style, word);
      used += wordWidth;
    }
  }
  const last = rows.at(-1);
  if (rows.length > 1 && last && last.length === 0) rows.pop();
  return rows;
}
