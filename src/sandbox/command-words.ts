/** Reading a shell command line as plain words: what is read-only, what a safe prefix is. */

/** Programs that only read; with the arguments that would make them write refused below. */
const READ_ONLY_PROGRAMS = new Set([
  "ls",
  "cat",
  "rg",
  "grep",
  "pwd",
  "head",
  "tail",
  "wc",
  "echo",
  "nl",
  "sort",
  "uniq",
  "cut",
  "tr",
  "stat",
  "file",
  "which",
  "tree",
  "du",
  "df",
  "date",
  "whoami",
  "uname",
  "true",
  "basename",
  "dirname",
  "realpath",
]);

const READ_ONLY_GIT = new Set(["status", "log", "diff", "show", "rev-parse", "ls-files"]);

/** Arguments that turn a read-only program into one that writes or runs other programs. */
const WRITING_ARGS: Record<string, RegExp> = {
  find: /^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/,
  // `-o` may close a group of short options (`-uo out`); --compress-program runs a program
  sort: /^(-[^-]*o|--output|--compress-program)/,
  rg: /^--(pre|hostname-bin)(=|$)/,
  tree: /^-o$/,
  // --textconv after the inserted --no-textconv wins (withoutConfiguredDiffPrograms)
  git: /^--output(=|$)|^--ext-diff$|^--textconv$|^-c$/,
};

/** Programs that run whatever their arguments say: a prefix of them would approve anything. */
const RUNS_ANYTHING = new Set([
  "bash",
  "sh",
  "zsh",
  "dash",
  "fish",
  "env",
  "sudo",
  "doas",
  "su",
  "xargs",
  "exec",
  "eval",
  "command",
  "builtin",
  "time",
  "nice",
  "nohup",
  "timeout",
  "watch",
  "strace",
  "python",
  "python3",
  "node",
  "deno",
  "bun",
  "perl",
  "ruby",
  "php",
  "npx",
  "find",
  "awk",
  "sed",
  "ssh",
]);

/** Whether a program (a path: its last part) runs whatever its arguments say: never allowed by a prefix. */
export function runsAnything(program: string): boolean {
  return RUNS_ANYTHING.has(program.slice(program.lastIndexOf("/") + 1));
}

/** Tools whose first word names what they do (`npm test`, `git commit`): the prefix keeps it. */
const HAS_SUBCOMMAND = new Set([
  "git",
  "npm",
  "pnpm",
  "yarn",
  "cargo",
  "go",
  "make",
  "docker",
  "kubectl",
  "pip",
  "pip3",
  "uv",
  "poetry",
  "gradle",
  "mvn",
  "dotnet",
  "rustup",
  "brew",
  "apt",
  "apt-get",
  "gh",
  "just",
]);

/** A word of a command line, with where it ends in the line (after a closing quote). */
interface PlainWord {
  text: string;
  end: number;
}

/** Split a command line into words, or undefined when it uses anything beyond plain words. */
export function shellWords(command: string): string[][] | undefined {
  return plainSegments(command)?.map((words) => words.map((word) => word.text));
}

function plainSegments(command: string): PlainWord[][] | undefined {
  const segments: PlainWord[][] = [[]];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  let i = 0;
  const pushWord = () => {
    if (word !== undefined) segments[segments.length - 1]?.push({ text: word, end: i });
    word = undefined;
  };
  for (; i < command.length; i++) {
    const ch = command[i] as string;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (quote === '"' && (ch === "$" || ch === "`" || ch === "\\")) return undefined;
      else word = (word ?? "") + ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      word = word ?? "";
    } else if (ch === " " || ch === "\t") {
      pushWord();
    } else if (ch === "|" || ch === ";" || ch === "&") {
      pushWord();
      // `&&`, `||`, `|`, `;` separate commands; a lone `&` (background) is not plain.
      const next = command[i + 1];
      if (ch === "&" && next !== "&") return undefined;
      if ((ch === "&" || ch === "|") && next === ch) i++;
      segments.push([]);
    } else if ("<>$`\\(){}*?[]~!\n".includes(ch)) {
      return undefined;
    } else {
      word = (word ?? "") + ch;
    }
  }
  if (quote) return undefined;
  pushWord();
  return segments.some((segment) => segment.length === 0) ? undefined : segments;
}

export function isReadOnlyWords(words: string[]): boolean {
  const [program, ...args] = words;
  if (program === undefined) return false;
  const writing = WRITING_ARGS[program];
  if (writing && args.some((arg) => writing.test(arg))) return false;
  if (program === "git") {
    const sub = args.find((arg) => !arg.startsWith("-"));
    return sub !== undefined && READ_ONLY_GIT.has(sub) && !args[0]?.startsWith("-");
  }
  if (program === "find") return true;
  return READ_ONLY_PROGRAMS.has(program);
}

/** Read-only git subcommands that run the diff programs git config names (textconv, diff.external). */
const DIFFING_GIT = new Set(["diff", "log", "show"]);

/**
 * The line with `--no-ext-diff --no-textconv` after each read-only `git diff|log|show`: run
 * without asking, they must not run a program the repository's config names.
 */
export function withoutConfiguredDiffPrograms(command: string): string {
  const line = command.trim();
  const offset = command.length - command.trimStart().length;
  let out = command;
  for (const words of (plainSegments(line) ?? []).reverse()) {
    const [program, sub] = words;
    if (program?.text !== "git" || !sub || !DIFFING_GIT.has(sub.text)) continue;
    if (!isReadOnlyWords(words.map((word) => word.text))) continue;
    const at = offset + sub.end;
    out = `${out.slice(0, at)} --no-ext-diff --no-textconv${out.slice(at)}`;
  }
  return out;
}

/** True when every command in the line is on the read-only allow-list. */
export function isReadOnlyCommand(command: string): boolean {
  const segments = shellWords(command.trim());
  return segments?.every(isReadOnlyWords) === true;
}

/**
 * The prefix offered for "don't ask again for commands that start with …": the program and
 * its subcommand (`npm test`), never a bare interpreter (`bash`, `python3`) — those get the
 * whole command. Empty when the line is not plain words or chains several commands.
 */
export function suggestedPrefix(command: string): string[] {
  const segments = shellWords(command.trim());
  if (segments?.length !== 1) return [];
  const words = segments[0] as string[];
  const [program, second] = words;
  if (program === undefined) return [];
  if (RUNS_ANYTHING.has(program) || program.includes("/")) return words;
  if (HAS_SUBCOMMAND.has(program) && second !== undefined) {
    // Options before the subcommand (`git -c alias.x=!sh`) can make it run anything.
    return second.startsWith("-") ? words : [program, second];
  }
  return [program];
}

function startsWith(words: string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.every((word, i) => words[i] === word);
}

/**
 * True when every command of the line is read-only or starts with one of the granted
 * prefixes; a line that is not plain words never matches (it could hide another command).
 */
export function matchesGrantedPrefix(
  command: string,
  prefixes: ReadonlyArray<readonly string[]>,
): boolean {
  if (prefixes.length === 0) return false;
  const segments = shellWords(command.trim());
  if (!segments) return false;
  return segments.every(
    (words) => isReadOnlyWords(words) || prefixes.some((prefix) => startsWith(words, prefix)),
  );
}
