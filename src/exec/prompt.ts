import { CliError, EXIT_FAILED, UsageError } from "../launch/index.js";

export const NO_PROMPT_MESSAGE =
  "No prompt provided. Pass it as an argument or pipe it on stdin (e.g. `echo 'fix the tests' | mini-codex exec`).";

/**
 * No prompt at all: when `--worktree` took a word as its NAME (`exec --worktree "fix it"`), a
 * usage error that says so and how to write it; else the plain "No prompt provided".
 */
function noPrompt(worktree: string | boolean | undefined): Error {
  if (typeof worktree !== "string") return new CliError(NO_PROMPT_MESSAGE, EXIT_FAILED);
  const name = JSON.stringify(worktree);
  return new UsageError(
    `No prompt provided: --worktree took ${name} as its NAME. Put the prompt before the flag (mini-codex exec ${name} --worktree), or write --worktree=NAME and the prompt after it.`,
  );
}

/**
 * The exec prompt rules (docs/config.md), as a pure decision: `-` or no argument takes stdin; an argument plus
 * piped stdin gets the stdin appended in a `<stdin>` block; nothing at all is an error (which
 * names `--worktree` when the flag took the would-be prompt as its NAME).
 */
export function combinePrompt(
  arg: string | undefined,
  stdin: string | undefined,
  worktree?: string | boolean,
): string {
  const piped = stdin !== undefined && stdin.trim().length > 0 ? stdin : undefined;
  if (arg === undefined || arg === "-") {
    if (piped === undefined) throw noPrompt(worktree);
    return piped;
  }
  if (arg.trim().length === 0 && piped === undefined)
    throw new CliError(NO_PROMPT_MESSAGE, EXIT_FAILED);
  if (piped === undefined) return arg;
  const body = piped.endsWith("\n") ? piped : `${piped}\n`;
  return `${arg}\n\n<stdin>\n${body}</stdin>`;
}

/** Read all of stdin, but only when it is not a terminal (never blocks on a TTY). */
export async function readPipedStdin(
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<string | undefined> {
  if (stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function resolvePrompt(
  arg: string | undefined,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  worktree?: string | boolean,
): Promise<string> {
  return combinePrompt(arg, await readPipedStdin(stdin), worktree);
}
