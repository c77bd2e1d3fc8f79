import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { HookHandler } from "./hook-config.js";
import { leadingWords } from "./hook-start.js";

/** What deciding a hook's files needs to know about the machine. */
export interface HookFileFacts {
  /** Where hooks run (relative paths in a command are read from here). */
  cwd: string;
  /** The project: the git root of cwd, else cwd. */
  projectRoot: string;
  home: string | undefined;
  /** Whether a path is a folder (anything else, missing included, is read as a file). */
  isFolder(path: string): boolean;
}

/** The files a hook's trust covers: files read one by one, and folders read whole. */
export interface CoveredPaths {
  files: string[];
  folders: string[];
}

const SCRIPT_FILE = /\.(py|js|mjs|cjs|ts|sh|bash|zsh|rb|pl|php|lua|json|toml|yaml|yml)$/;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** A word that names a path: it has a `/` or a script's extension (`--opt=x`, `VAR=x`: the x). */
function pathOf(word: string): string | undefined {
  let path = word;
  if (word.startsWith("-") || ASSIGNMENT.test(word)) {
    const eq = word.indexOf("=");
    if (eq < 0) return undefined;
    path = word.slice(eq + 1);
  }
  return path.includes("/") || SCRIPT_FILE.test(path) ? path : undefined;
}

const inside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

/**
 * What a hook's trust covers, decided from its command alone: every file it names inside the
 * project or the folder of its hooks.json (a missing one too: added later, it asks again), every
 * folder it names there (but the project or that folder itself); and when the command builds a
 * path the shell expands (`$(git rev-parse --show-toplevel)/…`, `$VAR`, a glob), the whole
 * `hooks/` folder beside its hooks.json, where such scripts are kept.
 */
export function coveredPaths(handler: HookHandler, facts: HookFileFacts): CoveredPaths {
  const source = dirname(handler.source);
  const areas = [facts.projectRoot, source];
  const files = new Set<string>();
  const folders = new Set<string>();
  let expands = false;
  for (const word of leadingWords(handler.command, facts.home, true)) {
    if (word === undefined) {
      expands = true;
      continue;
    }
    const named = pathOf(word);
    if (named === undefined) continue;
    const path = resolve(facts.cwd, named);
    if (!areas.some((area) => inside(path, area))) continue;
    if (!facts.isFolder(path)) files.add(path);
    else if (!areas.includes(path)) folders.add(path);
  }
  if (expands) folders.add(join(source, "hooks"));
  return { files: [...files].sort(), folders: [...folders].sort() };
}

/** A covered path as the person reads it: from the project, else from the home (`~`). */
export function shownPath(path: string, facts: Pick<HookFileFacts, "projectRoot" | "home">) {
  if (inside(path, facts.projectRoot)) return relative(facts.projectRoot, path) || ".";
  if (facts.home && inside(path, facts.home)) return `~/${relative(facts.home, path)}`;
  return path;
}
