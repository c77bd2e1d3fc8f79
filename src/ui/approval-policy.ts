import type { ApprovalPolicy, SandboxMode } from "../sandbox/policy.js";
import type { ApprovalRequest } from "../tools/types.js";

/** What the TUI does with a tool call before it runs. */
export type ApprovalNeed = "allow" | "ask";

/** Approvals the person granted "for the session". */
export interface SessionGrants {
  commands: ReadonlySet<string>;
  /** Every patch is allowed (the person chose "approve for the session" on a patch). */
  patches: boolean;
}

export const NO_GRANTS: SessionGrants = { commands: new Set(), patches: false };

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
  find: /^-(exec|execdir|ok|okdir|delete|fprint|fprintf|fls)$/,
  sort: /^(-o|--output)/,
  rg: /^--pre(=|$)/,
  tree: /^-o$/,
  git: /^--output(=|$)|^--ext-diff$|^-c$/,
};

/** Split a command line into words, or undefined when it uses anything beyond plain words. */
export function shellWords(command: string): string[][] | undefined {
  const segments: string[][] = [[]];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  const pushWord = () => {
    if (word !== undefined) segments[segments.length - 1]?.push(word);
    word = undefined;
  };
  for (let i = 0; i < command.length; i++) {
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

/** True when every command in the line is on the read-only allow-list. */
export function isReadOnlyCommand(command: string): boolean {
  const segments = shellWords(command.trim());
  if (!segments) return false;
  return segments.every((words) => {
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
  });
}

/**
 * Whether a tool call needs the person's approval (Codex CLI semantics):
 * - `untrusted`: read-only commands run; other commands and every patch ask, except that
 *   patches run without asking under danger-full-access.
 * - `on-request`: the sandbox is the guard; commands run, patches ask only in a read-only
 *   sandbox. Shell commands have no OS sandbox here, so under `read-only` a command that is
 *   not on the read-only list asks instead of running.
 * - `on-failure` and `never`: never ask.
 */
export function approvalNeed(
  policy: ApprovalPolicy,
  sandbox: SandboxMode,
  request: ApprovalRequest,
  grants: SessionGrants = NO_GRANTS,
): ApprovalNeed {
  if (policy === "never" || policy === "on-failure") return "allow";
  if (request.kind === "command") {
    if (policy === "on-request" && sandbox !== "read-only") return "allow";
    if (isReadOnlyCommand(request.command)) return "allow";
    return grants.commands.has(request.command.trim()) ? "allow" : "ask";
  }
  if (sandbox === "danger-full-access" || grants.patches) return "allow";
  if (policy === "on-request") return sandbox === "read-only" ? "ask" : "allow";
  return "ask";
}

/** Grants after the person answered "approve for the session". */
export function grantForSession(grants: SessionGrants, request: ApprovalRequest): SessionGrants {
  if (request.kind === "patch") return { ...grants, patches: true };
  return { ...grants, commands: new Set([...grants.commands, request.command.trim()]) };
}
