/**
 * Reading a Codex `.rules` file (Starlark) as data, never running it: only calls of the form
 * `name(key = value, …)` whose values are strings and (nested) lists of strings are accepted,
 * with `#` comments. Anything else is an error naming the file, line and column.
 */

/** Where something is in a rules file (1-based line and column, and the character offset). */
export interface TextSpot {
  line: number;
  column: number;
  offset: number;
}

export type RulesValue =
  | { kind: "string"; text: string; at: TextSpot }
  | { kind: "list"; items: RulesValue[]; at: TextSpot };

export interface RulesCall {
  name: string;
  at: TextSpot;
  /** The whole call's text span [start, end) in the file (removing a rule cuts it out). */
  start: number;
  end: number;
  args: Map<string, { value: RulesValue; at: TextSpot }>;
}

export class RulesSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly at: TextSpot,
    readonly reason: string,
  ) {
    super(`${file}:${at.line}:${at.column}: ${reason}`);
    this.name = "RulesSyntaxError";
  }
}

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  '"': '"',
  "'": "'",
};

/**
 * How deep lists may nest (a pattern's alternatives are two levels): deeper is an error at the
 * `[` that goes too deep, never a stack overflow (20 000 nested `[` stopped every start).
 */
export const MAX_LIST_DEPTH = 32;

/** The offset each line starts at (line 1 at 0): a spot is then a binary search, not a scan. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

const BLANKS = /(?:\s+|#[^\n]*)/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

class Reader {
  private pos = 0;
  private starts: number[] | undefined;
  constructor(
    private readonly file: string,
    private readonly text: string,
  ) {}

  spot(offset = this.pos): TextSpot {
    this.starts ??= lineStarts(this.text);
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.starts[low] as number) + 1, offset };
  }

  fail(reason: string, offset = this.pos): never {
    throw new RulesSyntaxError(this.file, this.spot(offset), reason);
  }

  /** Skip blanks and comments; true when the end of the file is reached. */
  skip(): boolean {
    for (;;) {
      const match = this.at(BLANKS);
      if (!match) return this.pos >= this.text.length;
      this.pos += match[0].length;
    }
  }

  /** `pattern` (sticky) matched where the reader is, without copying the rest of the text. */
  private at(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.pos;
    return pattern.exec(this.text);
  }

  get offset() {
    return this.pos;
  }

  peek(): string {
    this.skip();
    return this.text[this.pos] ?? "";
  }

  expect(ch: string, what: string) {
    if (this.peek() !== ch) this.fail(`expected ${what}, found ${this.describe()}`);
    this.pos++;
  }

  describe(): string {
    if (this.pos >= this.text.length) return "the end of the file";
    return `\`${this.text.slice(this.pos, this.pos + 12).split("\n")[0]}\``;
  }

  name(): string {
    this.skip();
    const match = this.at(NAME);
    if (!match) this.fail(`expected a name, found ${this.describe()}`);
    this.pos += match[0].length;
    return match[0];
  }

  string(): RulesValue {
    const at = this.spot();
    const quote = this.text[this.pos] as string;
    let text = "";
    for (this.pos++; this.pos < this.text.length; this.pos++) {
      const ch = this.text[this.pos] as string;
      if (ch === quote) {
        this.pos++;
        return { kind: "string", text, at };
      }
      if (ch === "\n") break;
      if (ch !== "\\") {
        text += ch;
        continue;
      }
      const escaped = ESCAPES[this.text[++this.pos] ?? ""];
      if (escaped === undefined) this.fail("unsupported escape in a string");
      text += escaped;
    }
    return this.fail("unterminated string", at.offset);
  }

  /** A string or a list; `depth`: the lists this value is inside. */
  value(depth = 0): RulesValue {
    const ch = this.peek();
    if (ch === '"' || ch === "'") return this.string();
    if (ch !== "[") {
      this.fail(
        `expected a string or a list, found ${this.describe()} (a rules file is data, not code)`,
      );
    }
    if (depth >= MAX_LIST_DEPTH) this.fail(`lists nested deeper than ${MAX_LIST_DEPTH} levels`);
    const at = this.spot();
    this.pos++;
    const items: RulesValue[] = [];
    while (this.peek() !== "]") {
      items.push(this.value(depth + 1));
      if (this.peek() === ",") this.pos++;
      else if (this.peek() !== "]") this.fail(`expected \`,\` or \`]\`, found ${this.describe()}`);
    }
    this.pos++;
    return { kind: "list", items, at };
  }

  call(): RulesCall {
    const start = this.offset;
    const at = this.spot();
    const name = this.name();
    this.expect("(", "`(` after the function name");
    const args: RulesCall["args"] = new Map();
    while (this.peek() !== ")") {
      const keyAt = this.spot();
      const key = this.name();
      if (args.has(key)) this.fail(`\`${key}\` is given twice`, keyAt.offset);
      this.expect("=", `\`=\` after \`${key}\` (arguments are given by name)`);
      args.set(key, { value: this.value(), at: keyAt });
      if (this.peek() === ",") this.pos++;
      else if (this.peek() !== ")") this.fail(`expected \`,\` or \`)\`, found ${this.describe()}`);
    }
    this.pos++;
    return { name, at, start, end: this.pos, args };
  }
}

/** The calls of a rules file, in order; throws RulesSyntaxError at the first thing it cannot read. */
export function readRulesCalls(file: string, text: string): RulesCall[] {
  const reader = new Reader(file, text);
  const calls: RulesCall[] = [];
  while (!reader.skip()) calls.push(reader.call());
  return calls;
}
