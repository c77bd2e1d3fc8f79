/**
 * The Seatbelt profile (SBPL) and `sandbox-exec` arguments for one command, from the same
 * confinement plan bubblewrap gets (pure). Every path is a parameter (`(param "NAME")` in the
 * text, `-DNAME=value` on the command line), so no path is ever parsed as SBPL. What each mode
 * promises on macOS: docs/config.md, "macOS (Seatbelt)".
 */
import { dirname } from "node:path";
import type { ConfinementPlan } from "./confinement-plan.js";
import { isInside } from "./paths.js";
import {
  DEVICES,
  NETWORK,
  OWN_TERMINAL,
  PROCESS_LISTING,
  PROCESSES,
  SEATBELT_HEAD,
  SYSTEM_FACTS,
  SYSTEM_SERVICES,
} from "./seatbelt-base.js";

/** Switches for what macOS's sandbox breaks in common tools (`[sandbox_macos]`). */
interface SeatbeltKnobs {
  /** `process_listing`: ps, pgrep and top see every process (off: only the command's own). */
  processListing: boolean;
}

/** The profile's text and the value of every parameter it names, in order of first use. */
interface SeatbeltProfile {
  text: string;
  params: Array<[name: string, value: string]>;
}

/** macOS's top-level symlinks: Seatbelt matches the path a name leads to (/private/…). */
const FIRMLINKED = ["/tmp", "/var", "/etc"];

/** `path` as Seatbelt sees it: /tmp, /var and /etc are /private/tmp, /private/var, /private/etc. */
export function darwinCanonical(path: string): string {
  const top = FIRMLINKED.find((link) => path === link || path.startsWith(`${link}/`));
  return top ? `/private${path}` : path;
}

/** Parameter names handed out once per path and kind, in order of first use. */
class Params {
  readonly defined: Array<[string, string]> = [];
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  ref(kind: string, path: string): string {
    const key = `${kind}\0${path}`;
    let name = this.names.get(key);
    if (!name) {
      const index = this.counts.get(kind) ?? 0;
      this.counts.set(kind, index + 1);
      name = kind === "PRIVATE_TMP" ? kind : `${kind}_${index}`;
      this.names.set(key, name);
      this.defined.push([name, path]);
    }
    return `(param "${name}")`;
  }
}

const unique = (paths: string[]) => [...new Set(paths.map(darwinCanonical))];

/**
 * `path` and everything below it, kept out of a rule. `subpath` matches the path itself once it
 * exists; a hidden path may not exist yet, and `literal` closes its creation too (the gap the
 * Codex CLI met with `mkdir .codex`).
 */
const without = (param: string) => [`    (require-not (subpath ${param}))`];
const withoutEvenIfMissing = (param: string) => [
  `    (require-not (literal ${param}))`,
  ...without(param),
];

/** Everything but the hidden paths; then the files bound last (the shell snapshot). */
function readRules(plan: ConfinementPlan, params: Params): string[] {
  const hidden = unique([...plan.maskedDirs, ...plan.maskedFiles]);
  const shown = unique(plan.boundLast);
  const rules = ["; reading: the whole file system but the hidden paths"];
  if (hidden.length === 0) rules.push("(allow file-read*)");
  else {
    const kept = hidden.flatMap((path) => withoutEvenIfMissing(params.ref("HIDDEN", path)));
    rules.push("(allow file-read*", '  (require-all (subpath "/")', ...kept, "  ))");
  }
  if (shown.length > 0) {
    rules.push("; files shown even inside a hidden folder (the login-shell snapshot)");
    for (const path of shown)
      rules.push(`(allow file-read* (literal ${params.ref("SHOWN", path)}))`);
  }
  return rules;
}

/** The folders from just below `place` down to `path`'s parent. */
function foldersBetween(place: string, path: string): string[] {
  const folders: string[] = [];
  for (let at = dirname(path); at !== place && isInside(place, at); at = dirname(at)) {
    folders.push(at);
  }
  return folders;
}

/**
 * The writable roots and the private temp folder, less git's files, the hard-linked files, the
 * protected paths (even before they exist), the hidden paths and the files bound last, and less the folders holding them: renaming one of
 * those would carry what it holds to a path no rule protects.
 */
function writeRules(plan: ConfinementPlan, params: Params): string[] {
  const places = unique(plan.writableRoots).map((root) => ({ kind: "WRITABLE_ROOT", path: root }));
  if (plan.privateTemp)
    places.push({ kind: "PRIVATE_TMP", path: darwinCanonical(plan.privateTemp) });
  if (places.length === 0) return ["; writing: nowhere but the devices above"];
  const inPlace = (path: string) => places.some((place) => isInside(place.path, path));
  const readOnly = unique([...plan.readOnlyPaths, ...plan.boundLast]).filter(inPlace);
  const missing = unique(plan.readOnlyMissing ?? []).filter(inPlace);
  const hidden = unique([...plan.maskedDirs, ...plan.maskedFiles]).filter(inPlace);
  const holders = [
    ...new Set(
      [...readOnly, ...missing, ...hidden].flatMap((path) =>
        places.flatMap((place) => foldersBetween(place.path, path)),
      ),
    ),
  ];
  return [
    "; writing: the workspace roots and the private temp folder, but not git's files, hard-linked",
    "; files or hidden paths, nor rename the folders that hold them",
    "(allow file-write*",
    "  (require-all",
    "    (require-any",
    ...places.map((place) => `      (subpath ${params.ref(place.kind, place.path)})`),
    "    )",
    ...readOnly.flatMap((path) => without(params.ref("READ_ONLY", path))),
    ...missing.flatMap((path) => withoutEvenIfMissing(params.ref("READ_ONLY", path))),
    ...hidden.flatMap((path) => withoutEvenIfMissing(params.ref("HIDDEN", path))),
    ...holders.map((path) => `    (require-not (literal ${params.ref("HOLDER", path)}))`),
    "  ))",
  ];
}

/** The whole profile for `plan`: closed by default, then what the plan and the knobs allow. */
export function seatbeltProfile(plan: ConfinementPlan, knobs: SeatbeltKnobs): SeatbeltProfile {
  const params = new Params();
  const lines = [
    ...SEATBELT_HEAD,
    ...PROCESSES,
    ...SYSTEM_FACTS,
    ...SYSTEM_SERVICES,
    ...DEVICES,
    ...(plan.keepTerminal ? OWN_TERMINAL : []),
    ...(knobs.processListing ? PROCESS_LISTING : []),
    ...readRules(plan, params),
    ...writeRules(plan, params),
    ...(plan.network ? NETWORK : ["; network: none (no IP, no Unix sockets by path)"]),
  ];
  return { text: `${lines.join("\n")}\n`, params: params.defined };
}

/** `sandbox-exec`'s arguments before the command: the profile, its parameters, `--`. */
export function seatbeltArgs(plan: ConfinementPlan, knobs: SeatbeltKnobs): string[] {
  const { text, params } = seatbeltProfile(plan, knobs);
  return ["-p", text, ...params.map(([name, value]) => `-D${name}=${value}`), "--"];
}
