import { isAbsolute, join, resolve } from "node:path";

/** What checking a hook's program and script needs to know about the machine. */
export interface StartFacts {
  cwd: string;
  home: string | undefined;
  /** $PATH of the hook's environment. */
  path: string | undefined;
  /** `missing`, `not_executable` or `ok` for a file. */
  fileState(path: string): "missing" | "not_executable" | "ok";
}

/** Words a shell runs itself (no file on PATH needed). */
const SHELL_BUILTINS = new Set(
  (
    ". : [ alias bg break builtin case cd command continue declare echo eval exec exit export " +
    "false fc fg for function getopts hash if jobs kill local printf pwd read readonly return " +
    "set shift source test time times trap true type typeset ulimit umask unalias unset until wait while {"
  ).split(" "),
);

/** Programs that run a script file given as an argument (python3 pre.py, node hook.js, sh x.sh). */
const INTERPRETER = /^(python[0-9.]*|node|nodejs|bash|sh|dash|zsh|ksh|fish|ruby|perl|php|lua)$/;
/** Options after which the interpreter runs code or a module, not a script file. */
const CODE_OPTION = /^(-c|-m|-e|-p|-E|--eval|--print|--command)$/;
const SCRIPT_FILE = /\.(py|js|mjs|cjs|ts|sh|bash|zsh|rb|pl|php|lua)$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * The words of the command's first simple command, `~` and `$HOME` expanded; a word with any
 * other expansion is undefined (not checked). Stops at the first operator or redirection;
 * with `every`, reads on past operators and gives the words of every command of the line.
 */
export function leadingWords(
  command: string,
  home: string | undefined,
  every = false,
): Array<string | undefined> {
  const words: Array<string | undefined> = [];
  let word: string | undefined;
  let unknown = false;
  let quote: "'" | '"' | undefined;
  const push = () => {
    if (word !== undefined) words.push(unknown ? undefined : expandHome(word, home));
    word = undefined;
    unknown = false;
  };
  for (const ch of command) {
    if (quote) {
      if (ch === quote) {
        quote = undefined;
        continue;
      }
      // backquotes and escapes in "…", and a literal $ in '…', are not read here
      if ((quote === '"' && "`\\".includes(ch)) || (quote === "'" && ch === "$")) unknown = true;
      word = (word ?? "") + ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (ch === " " || ch === "\t") push();
    else if ("|;&<>()\n".includes(ch)) {
      if (!every) break;
      push();
    } else {
      if ("`\\*?[".includes(ch)) unknown = true;
      word = (word ?? "") + ch;
    }
  }
  push();
  return words;
}

/** `~/x`, `$HOME/x` and `${HOME}/x` as the shell expands them; any other `$` is not known here. */
function expandHome(word: string, home: string | undefined): string | undefined {
  const lead = /^(~|\$HOME|\$\{HOME\})(?=\/|$)/.exec(word);
  if (lead) return home === undefined ? undefined : home + word.slice(lead[0].length);
  return word.includes("$") ? undefined : word;
}

function onPath(name: string, facts: StartFacts): boolean {
  const dirs = (facts.path ?? "").split(":").filter((dir) => dir !== "");
  return dirs.some((dir) => facts.fileState(join(dir, name)) === "ok");
}

function fileProblem(path: string, what: string, facts: StartFacts): string | undefined {
  const state = facts.fileState(isAbsolute(path) ? path : resolve(facts.cwd, path));
  if (state === "missing") return `${what} ${path} does not exist`;
  if (state === "not_executable" && what === "program") return `program ${path} is not executable`;
  return undefined;
}

/**
 * Why a hook cannot start, before it runs: its program is not there (a path that does not
 * exist, a name not on PATH), or the script its interpreter would run is missing (`python3
 * ~/.codex/hooks/pre.py` exits 2 then, which must not read as a deny). Undefined when nothing
 * is known to be wrong; words with expansions other than `~`/`$HOME` are not judged.
 */
export function hookStartProblem(command: string, facts: StartFacts): string | undefined {
  const words = leadingWords(command, facts.home);
  let at = 0;
  while (at < words.length && ASSIGNMENT.test(words[at] ?? "")) at += 1;
  const program = words[at];
  if (program === undefined || SHELL_BUILTINS.has(program)) return undefined;
  if (program.includes("/")) {
    const problem = fileProblem(program, "program", facts);
    if (problem) return problem;
  } else if (!onPath(program, facts)) {
    return `program ${program} is not on PATH`;
  }
  if (!INTERPRETER.test(program.slice(program.lastIndexOf("/") + 1))) return undefined;
  for (const word of words.slice(at + 1)) {
    if (word === undefined) return undefined;
    if (CODE_OPTION.test(word)) return undefined;
    if (!word.startsWith("-") && SCRIPT_FILE.test(word)) return fileProblem(word, "script", facts);
  }
  return undefined;
}
