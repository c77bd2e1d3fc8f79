/**
 * A hook's command line read as the shell would run it, without running it: its simple commands
 * in order, each with its words and the folder it runs in (`cd DIR && ./x` runs `./x` in DIR;
 * a subshell's `cd` ends with it; a `cd` in a pipeline or in the background changes nothing
 * after it). What cannot be known without running the shell (`$VAR`, `$(…)`, globs) is an
 * undefined word, and a `cd` to such a place leaves the folder unknown from there on.
 */
import { resolve } from "node:path";

/** One simple command of the line. */
interface ShellStep {
  /** Its words, `~`/`$HOME` expanded (undefined: the shell builds it), redirections left out. */
  words: Array<string | undefined>;
  /** Which word is the program (after `VAR=x` and words such as `{`, `if`, `!`). */
  program: number;
  /** Files it reads through `<` (output targets, `>` and `>>`, are written, not run: left out). */
  inputs: Array<string | undefined>;
  /** Where it runs (absolute); undefined after a `cd` somewhere not known here. */
  dir: string | undefined;
}

type Token =
  | { word: string | undefined }
  | { op: "&&" | "||" | ";" | "|" | "&" | "(" | ")" }
  | { redirect: "in" | "out" };

/** `~/x`, `$HOME/x` and `${HOME}/x` as the shell expands them; any other `$` is not known here. */
function expandHome(word: string, home: string | undefined): string | undefined {
  const lead = /^(~|\$HOME|\$\{HOME\})(?=\/|$)/.exec(word);
  if (lead) return home === undefined ? undefined : home + word.slice(lead[0].length);
  return word.includes("$") ? undefined : word;
}

/** The line as words, operators and redirections (quotes and backslashes read as the shell does). */
function tokens(command: string, home: string | undefined): Token[] {
  const out: Token[] = [];
  let word: string | undefined;
  let unknown = false;
  let quote: "'" | '"' | undefined;
  const push = () => {
    if (word !== undefined) out.push({ word: unknown ? undefined : expandHome(word, home) });
    word = undefined;
    unknown = false;
  };
  for (let at = 0; at < command.length; at += 1) {
    const ch = command[at] as string;
    const next = command[at + 1];
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else {
        // a literal $ in '…' would read as an expansion below: not judged
        if (ch === "$") unknown = true;
        word = (word ?? "") + ch;
      }
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && next !== undefined && '"\\$`'.includes(next)) {
        if (next !== "\\" && next !== '"') unknown = true;
        word = (word ?? "") + next;
        at += 1;
      } else {
        if (ch === "`") unknown = true;
        word = (word ?? "") + ch;
      }
      continue;
    }
    if (ch === "\\") {
      if (next === "\n") at += 1;
      else if (next !== undefined) {
        if (next === "$") unknown = true;
        word = (word ?? "") + next;
        at += 1;
      }
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (ch === " " || ch === "\t") push();
    else if (ch === "#" && word === undefined) {
      while (at + 1 < command.length && command[at + 1] !== "\n") at += 1;
    } else if (ch === ">" || ch === "<") {
      // `2>`: the digits name a descriptor, not a word
      if (word !== undefined && !unknown && /^\d+$/.test(word)) word = undefined;
      push();
      if (next === ch) at += 1; // >> <<
      if (command[at + 1] === "&") {
        at += 1; // >&2: a descriptor, not a file
        while (at + 1 < command.length && /[\d-]/.test(command[at + 1] as string)) at += 1;
        continue;
      }
      out.push({ redirect: ch === "<" ? "in" : "out" });
    } else if (ch === "&" && next === ">") {
      push();
      at += next === ">" && command[at + 2] === ">" ? 2 : 1;
      out.push({ redirect: "out" });
    } else if (ch === "&" || ch === "|") {
      push();
      if (next === ch) {
        out.push({ op: ch === "&" ? "&&" : "||" });
        at += 1;
      } else out.push({ op: ch });
    } else if (ch === ";" || ch === "\n") {
      push();
      out.push({ op: ";" });
    } else if (ch === "(" || ch === ")") {
      push();
      out.push({ op: ch });
    } else if ((ch === "$" && next === "(") || ch === "`") {
      // a command substitution is one unknown part of the word, however it nests
      const close = substitutionEnd(command, at);
      word = (word ?? "") + command.slice(at, close);
      unknown = true;
      at = close - 1;
    } else {
      if ("*?[".includes(ch) || (ch === "$" && unknownExpansion(command, at))) unknown = true;
      word = (word ?? "") + ch;
    }
  }
  push();
  return out;
}

/** Where the `$(…)` or `` `…` `` starting at `at` ends (one past it; the line's end if open). */
function substitutionEnd(command: string, at: number): number {
  if (command[at] === "`") {
    const close = command.indexOf("`", at + 1);
    return close < 0 ? command.length : close + 1;
  }
  let depth = 0;
  for (let i = at + 1; i < command.length; i += 1) {
    if (command[i] === "(") depth += 1;
    else if (command[i] === ")" && --depth === 0) return i + 1;
  }
  return command.length;
}

/** `$` starts an expansion other than `$HOME` (which expandHome reads). */
function unknownExpansion(command: string, at: number): boolean {
  return !/^\$(HOME|\{HOME\})(?![A-Za-z0-9_])/.test(command.slice(at));
}

/** Words a line may open with that are not the program (`{ …; }`, `if …; then`, `! x`). */
const RESERVED = new Set(
  "{ } ! if then else elif fi do done while until time exec command builtin".split(" "),
);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Where `cd ARGS` goes from `dir` (undefined: not known here). */
function cdTarget(args: Array<string | undefined>, dir: string | undefined, home?: string) {
  const rest = [...args];
  while (rest.length > 0 && rest[0] !== undefined && /^-[LPe@]+$/.test(rest[0])) rest.shift();
  if (rest[0] === "--") rest.shift();
  const target = rest[0];
  if (rest.length === 0) return home;
  if (target === undefined || target === "-") return undefined;
  if (target.startsWith("/")) return resolve(target);
  return dir === undefined ? undefined : resolve(dir, target);
}

/**
 * The simple commands of `command`, in order, each with the folder it runs in (from `cwd`);
 * `home` expands `~` and is where a bare `cd` goes.
 */
export function shellSteps(command: string, cwd: string, home: string | undefined): ShellStep[] {
  const steps: ShellStep[] = [];
  const stack: Array<string | undefined> = [];
  let dir: string | undefined = cwd;
  let current: ShellStep = { words: [], program: 0, inputs: [], dir };
  let pendingRedirect: "in" | "out" | undefined;
  let afterPipe = false;
  const end = (op: string | undefined) => {
    const words = current.words;
    let at = 0;
    while (at < words.length && (RESERVED.has(words[at] ?? "") || ASSIGNMENT.test(words[at] ?? "")))
      at += 1;
    const program = words[at];
    current.program = at;
    if (words.length > 0 || current.inputs.length > 0) steps.push(current);
    // a cd in a pipeline or in the background runs in a subshell: nothing after it moves
    const alone = !afterPipe && op !== "|" && op !== "&";
    if (alone && (program === "cd" || program === "pushd"))
      dir = cdTarget(words.slice(at + 1), dir, home);
    afterPipe = op === "|";
    current = { words: [], program: 0, inputs: [], dir };
  };
  for (const token of tokens(command, home)) {
    if ("word" in token) {
      if (pendingRedirect === "in") current.inputs.push(token.word);
      else if (pendingRedirect === undefined) current.words.push(token.word);
      pendingRedirect = undefined;
    } else if ("redirect" in token) pendingRedirect = token.redirect;
    else if (token.op === "(") {
      end(undefined);
      stack.push(dir);
      current.dir = dir;
    } else if (token.op === ")") {
      end(undefined);
      dir = stack.length > 0 ? stack.pop() : dir;
      current.dir = dir;
    } else end(token.op);
  }
  end(undefined);
  return steps;
}
