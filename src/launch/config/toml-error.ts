import { printable } from "../../text/index.js";

/** What a TOML parser said went wrong, and where (1-based line and column). */
interface TomlProblem {
  message: string;
  line: number;
  column: number;
}

/** What to do about each kind of mistake smol-toml names (the first match wins). */
const HINTS: ReadonlyArray<[RegExp, string]> = [
  [
    /illegal character in key|unfinished table|expected.*\]/i,
    'a table header is [name] or [a.b] on a line of its own; a key with other characters than letters, digits, "_" and "-" needs quotes: ["my.host"]',
  ],
  [
    /invalid value/i,
    'a text value needs quotes (model = "gpt-5"); true and false are lowercase; numbers have no units',
  ],
  [
    /redefine|already defined|duplicate/i,
    "this key or table is already set above in the file: keep one of the two",
  ],
  [
    /control characters|unterminated|string/i,
    'a string ends with its quote on the same line; use """…""" for several lines',
  ],
  [
    /comma|end of structure|end of (the )?array/i,
    "an array [a, b] or inline table { a = 1, b = 2 } needs a comma between entries and its closing bracket",
  ],
  [
    /newline|end of line|expected.*=/i,
    'each line holds one key = value (or a [table] header); a value continues on the next line only inside [ ] or """',
  ],
];

const FALLBACK_HINT = "check the line against TOML's syntax (https://toml.io/en/v1.0.0)";

/** The hint for a parser's message. */
function tomlHint(message: string): string {
  return HINTS.find(([pattern]) => pattern.test(message))?.[1] ?? FALLBACK_HINT;
}

/** The parser's own first line, without its "Invalid TOML document:" lead. */
function headline(message: string): string {
  const first = message.split("\n")[0] ?? "";
  return first.replace(/^Invalid TOML document:\s*/i, "").trim() || "invalid TOML";
}

/** A caret under `column` of the raw `line` as `printable` shows it (tabs expanded, controls as ^X). */
function caretUnder(line: string, column: number): string {
  return `${" ".repeat(printable(line.slice(0, Math.max(0, column - 1))).length)}^`;
}

/**
 * A TOML syntax error as the person reads it: `file:line:col: what`, the line before and the
 * line itself with a caret under the column, and a hint. Pure: the file's text is given.
 */
export function tomlErrorText(file: string, text: string, problem: TomlProblem): string {
  const lines = text.split(/\r?\n/);
  const { line, column } = problem;
  const width = String(line).length;
  const numbered = (n: number) =>
    `  ${String(n).padStart(width)} | ${printable(lines[n - 1] ?? "")}`;
  const shown = line > 1 && (lines[line - 1] ?? "").trim() === "" ? [line - 1, line] : [line];
  return [
    `${file}:${line}:${column}: ${headline(problem.message)}`,
    ...shown.map(numbered),
    `  ${" ".repeat(width)} | ${caretUnder(lines[line - 1] ?? "", column)}`,
    `hint: ${tomlHint(problem.message)}`,
  ].join("\n");
}
