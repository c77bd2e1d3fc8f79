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

class Reader {
  private pos = 0;
  constructor(
    private readonly file: string,
    private readonly text: string,
  ) {}

  spot(offset = this.pos): TextSpot {
    const before = this.text.slice(0, offset);
    const line = before.split("\n").length;
    return { line, column: offset - before.lastIndexOf("\n"), offset };
  }

  fail(reason: string, offset = this.pos): never {
    throw new RulesSyntaxError(this.file, this.spot(offset), reason);
  }

  /** Skip blanks and comments; true when the end of the file is reached. */
  skip(): boolean {
    for (;;) {
      const match = /^(?:\s+|#[^\n]*)/.exec(this.text.slice(this.pos));
      if (!match) return this.pos >= this.text.length;
      this.pos += match[0].length;
    }
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
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos));
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

  value(): RulesValue {
    const ch = this.peek();
    if (ch === '"' || ch === "'") return this.string();
    if (ch !== "[") {
      this.fail(
        `expected a string or a list, found ${this.describe()} (a rules file is data, not code)`,
      );
    }
    const at = this.spot();
    this.pos++;
    const items: RulesValue[] = [];
    while (this.peek() !== "]") {
      items.push(this.value());
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

/** The line and column of an offset (for errors found after reading). */
export function spotOf(text: string, offset: number): TextSpot {
  return new Reader("", text).spot(offset);
}
