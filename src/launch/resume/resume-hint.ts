import { realpathSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";

interface ResumeHintInput {
  sessionId: string;
  /** The directory the session ran in. */
  cwd: string;
  /** The shell's directory, where the hint will be typed. */
  shellCwd: string;
  /** The launcher this process runs (bin/mini-codex.js; process.argv[1]). */
  launcher: string | undefined;
  /** $PATH. */
  path: string | undefined;
}

/** A word as a POSIX shell reads it back unchanged. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function realpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The `mini-codex` $PATH finds first, resolved (undefined when there is none). */
function onPath(path: string | undefined): string | undefined {
  for (const dir of (path ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "mini-codex");
    try {
      if (statSync(candidate).isFile()) return realpath(candidate);
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/**
 * How to run this very mini-codex from a shell: `mini-codex` when $PATH finds it, else the
 * launcher's own path (a checkout's bin/mini-codex.js, as `npm run demo` runs it).
 */
function commandName(launcher: string | undefined, path: string | undefined): string {
  const self = launcher === undefined ? undefined : realpath(launcher);
  const found = onPath(path);
  if (self === undefined || found === self) return "mini-codex";
  return shellWord(self);
}

/**
 * The command that continues a session as printed: this mini-codex, in the session's directory
 * when the shell is elsewhere (the session file brings back its provider, model and settings).
 */
export function resumeHint(input: ResumeHintInput): string {
  const where = input.cwd === input.shellCwd ? "" : ` -C ${shellWord(input.cwd)}`;
  return `${commandName(input.launcher, input.path)} resume${where} ${input.sessionId}`;
}
