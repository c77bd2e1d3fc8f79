/**
 * Where a config.toml's top level ends and which keys it sets there, read without parsing
 * values: a `[` at the start of a line is a table only outside multi-line arrays, inline
 * tables and strings (`notify = [\n  "a",\n]`, `x = [[1],\n[2]]`, `"""…\n[x]\n…"""`).
 */

/** A `key = value` of the top level: its key as written (quotes removed) and its bytes. */
interface TopLevelStatement {
  key: string;
  /** Offset of the line it starts on. */
  start: number;
  /** Offset just past its last line's newline (or the end of the text). */
  end: number;
}

interface TopLevel {
  statements: TopLevelStatement[];
  /** Offset of the first table's header line, or the text's length when there is none. */
  end: number;
}

/** The offset just past a string starting at `at` (its quote or triple quote). */
function stringEnd(text: string, at: number): number {
  const quote = text[at] as '"' | "'";
  const triple = text.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  let i = at + close.length;
  while (i < text.length) {
    if (quote === '"' && text[i] === "\\") i += 2;
    else if (text.startsWith(close, i)) {
      i += close.length;
      // a multi-line string may end on one or two of its quotes (`"""a""""` is `a"`)
      for (let extra = 0; triple && extra < 2 && text[i] === quote; extra++) i += 1;
      return i;
    } else if (!triple && text[i] === "\n") return i;
    else i += 1;
  }
  return i;
}

/** The offset past the line break ending the statement that starts at `at` (or the text's end). */
function statementEnd(text: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' || ch === "'") i = stringEnd(text, i);
    else if (ch === "#") {
      const newline = text.indexOf("\n", i);
      i = newline < 0 ? text.length : newline;
    } else {
      if (ch === "[" || ch === "{") depth += 1;
      else if ((ch === "]" || ch === "}") && depth > 0) depth -= 1;
      else if (ch === "\n" && depth === 0) return i + 1;
      i += 1;
    }
  }
  return text.length;
}

/** A key as written before its `=`: bare, dotted or quoted (`"a b"`), quotes and spaces removed. */
function keyOf(text: string, at: number, end: number): string {
  let key = "";
  let i = at;
  while (i < end && text[i] !== "=") {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'") {
      const close = stringEnd(text, i);
      key += text.slice(i + 1, close - 1);
      i = close;
    } else {
      if (ch !== " " && ch !== "\t") key += ch;
      i += 1;
    }
  }
  return key;
}

/** The top level of a config.toml text (see the file's comment). */
export function topLevelOf(text: string): TopLevel {
  const statements: TopLevelStatement[] = [];
  let at = 0;
  while (at < text.length) {
    const lineEnd = text.indexOf("\n", at);
    const line = text.slice(at, lineEnd < 0 ? text.length : lineEnd);
    const first = line.trimStart()[0];
    if (first === "[") return { statements, end: at };
    if (first === undefined || first === "#" || first === "\r") {
      at = lineEnd < 0 ? text.length : lineEnd + 1;
      continue;
    }
    const end = statementEnd(text, at);
    statements.push({ key: keyOf(text, at, end), start: at, end });
    at = end;
  }
  return { statements, end: text.length };
}

/**
 * `text` with the top-level `key = value` line set: the statement that sets it is replaced where
 * it is (a multi-line value whole); else the line follows the top level's last statement (with
 * none, it goes above the comments heading the first table). Every other byte is kept.
 */
export function withTopLevelKey(text: string, key: string, line: string): string {
  const top = topLevelOf(text);
  const existing = top.statements.find((s) => s.key === key);
  if (existing) {
    const newline = text[existing.end - 1] === "\n" ? "\n" : "";
    return text.slice(0, existing.start) + line + newline + text.slice(existing.end);
  }
  const last = top.statements.at(-1);
  if (last) {
    const lead = text[last.end - 1] === "\n" ? "" : "\n";
    return `${text.slice(0, last.end)}${lead}${line}\n${text.slice(last.end)}`;
  }
  if (top.end === text.length) return `${text}${line}\n`;
  // the comment lines right above the first table are its own: the key goes above them
  let at = top.end;
  while (at > 0) {
    const previous = text.lastIndexOf("\n", at - 2) + 1;
    if (!text.slice(previous, at).trimStart().startsWith("#")) break;
    at = previous;
  }
  return `${text.slice(0, at)}${line}\n\n${text.slice(at)}`;
}
