import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { HookHandler } from "./hook-config.js";
import { shellSteps } from "./shell-steps.js";

/** What deciding a hook's files needs to know about the machine. */
export interface HookFileFacts {
  /** Where hooks run (relative paths in a command are read from here). */
  cwd: string;
  /** The project: the git root of cwd, else cwd. */
  projectRoot: string;
  home: string | undefined;
  /** What a path is, symbolic links followed: a folder, a file (anything else there), or nothing. */
  kindOf(path: string): "folder" | "file" | undefined;
}

/** The files a hook's trust covers: files read one by one, and folders read whole. */
export interface CoveredPaths {
  files: string[];
  folders: string[];
}

const SCRIPT_FILE = /\.(py|js|mjs|cjs|ts|sh|bash|zsh|rb|pl|php|lua|json|toml|yaml|yml)$/;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The value of `--opt=x` and `VAR=x`; the word itself otherwise; undefined for `-x`, `--opt`. */
function valueNamed(word: string): string | undefined {
  if (!word.startsWith("-") && !ASSIGNMENT.test(word)) return word;
  const eq = word.indexOf("=");
  return eq < 0 ? undefined : word.slice(eq + 1);
}

/** A word that names a path whatever is on disk: it has a `/` or a script's extension. */
const namesPath = (word: string) => word.includes("/") || SCRIPT_FILE.test(word);

export const inside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

/** Where a hook's files may be covered: the project and the folder of its hooks.json. */
export function coveredAreas(handler: HookHandler, facts: HookFileFacts): string[] {
  return [facts.projectRoot, dirname(handler.source)];
}

/**
 * What a hook's trust covers, decided from its command and what is on disk: in every simple
 * command of the line, read in the folder it runs in (`cd tools && ./hook` reads `./hook` in
 * tools), every word naming a path inside the project or the folder of its hooks.json (a `/` or a
 * script's extension: a missing one too, since added later it asks again), every other word that
 * names a file or folder there (`make -s hook` with a file `hook`), and the files read through
 * `<`; a folder is read whole (but the project or that folder itself, and a `cd`'s target). When
 * the command builds a path the shell expands (`$(git rev-parse --show-toplevel)/…`, `$VAR`, a
 * glob, a `cd` to such a place), the whole `hooks/` folder beside its hooks.json, where such
 * scripts are kept.
 */
export function coveredPaths(handler: HookHandler, facts: HookFileFacts): CoveredPaths {
  const areas = coveredAreas(handler, facts);
  const files = new Set<string>();
  const folders = new Set<string>();
  let expands = false;
  const cover = (named: string, dir: string | undefined, onlyIfThere: boolean) => {
    if (!isAbsolute(named) && dir === undefined) {
      expands = true;
      return;
    }
    const path = resolve(dir ?? "/", named);
    if (!areas.some((area) => inside(path, area))) return;
    const kind = facts.kindOf(path);
    if (kind === undefined && onlyIfThere) return;
    if (kind !== "folder") files.add(path);
    else if (!areas.includes(path)) folders.add(path);
  };
  for (const step of shellSteps(handler.command, facts.cwd, facts.home)) {
    const { program } = step;
    // where a cd goes is where the rest runs (shellSteps), not a file it runs
    const cd = ["cd", "pushd"].includes(step.words[program] ?? "");
    step.words.forEach((word, at) => {
      if (word === undefined) {
        if (!(cd && at > program)) expands = true;
        return;
      }
      if (cd && at >= program) return;
      const value = valueNamed(word);
      if (value === undefined || value === "") return;
      // the program is found on PATH unless it names a path
      if (at === program) {
        if (value.includes("/")) cover(value, step.dir, false);
        return;
      }
      cover(value, step.dir, !namesPath(value));
    });
    for (const input of step.inputs) {
      if (input === undefined) expands = true;
      else cover(input, step.dir, false);
    }
  }
  if (expands) folders.add(resolve(dirname(handler.source), "hooks"));
  return { files: [...files].sort(), folders: [...folders].sort() };
}

/** A covered path as the person reads it: from the project, else from the home (`~`). */
export function shownPath(path: string, facts: Pick<HookFileFacts, "projectRoot" | "home">) {
  if (inside(path, facts.projectRoot)) return relative(facts.projectRoot, path) || ".";
  if (facts.home && inside(path, facts.home)) return `~/${relative(facts.home, path)}`;
  return path;
}
