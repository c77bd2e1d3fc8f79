import { appendFileSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parse as parseToml } from "smol-toml";
import type { SandboxMode } from "../sandbox/index.js";
import { gitRoot, linkedWorktreeOf } from "../sandbox/index.js";
import type { Settings } from "../settings/index.js";
import type { ApprovalPolicy } from "../tools/index.js";
import { configPath } from "./config/index.js";
import type { SavedSettings } from "./resume/index.js";

/** Codex's `projects.<path>.trust_level`. */
export type TrustLevel = NonNullable<
  NonNullable<Settings["trust"]["projects"]>[string]["trust_level"]
>;

/** The folder a trust decision is about, and the decision recorded for it (if any). */
export interface ProjectTrust {
  /**
   * The git work tree's root — a linked worktree's main checkout, as the Codex CLI keys trust,
   * so a repository's worktrees share its decision — or the folder itself outside git.
   */
  root: string;
  inGit: boolean;
  /** From `[projects."<path>"]` of the root or the nearest folder above it that has one. */
  level?: TrustLevel;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * The trust recorded for `cwd`'s project: the root's own entry, else the nearest parent's; in a
 * linked worktree its own folder's entry first, then its main checkout's (and that one's parents).
 */
export function projectTrust(config: Pick<Settings, "trust">, cwd: string): ProjectTrust {
  const git = gitRoot(cwd);
  const linked = git ? linkedWorktreeOf(git) : undefined;
  const root = realOr(linked?.mainRoot ?? git ?? cwd);
  const levels = new Map<string, TrustLevel>();
  for (const [path, entry] of Object.entries(config.trust.projects ?? {})) {
    if (entry.trust_level) levels.set(realOr(path), entry.trust_level);
  }
  const own = linked && levels.get(linked.root);
  if (own) return { root, inGit: true, level: own };
  for (let dir = root; ; dir = dirname(dir)) {
    const level = levels.get(dir);
    if (level) return { root, inGit: git !== undefined, level };
    if (dirname(dir) === dir) return { root, inGit: git !== undefined };
  }
}

/**
 * An untrusted folder runs read-only and asks before every command that is not known to only
 * read (Codex's `untrusted` policy) — unless config.toml, a profile or the command line chose.
 */
export function trustDefaults(
  level: TrustLevel | undefined,
  defaults: { sandbox: SandboxMode; approvalPolicy: ApprovalPolicy },
): { sandbox: SandboxMode; approvalPolicy: ApprovalPolicy } {
  return level === "untrusted" ? { sandbox: "read-only", approvalPolicy: "untrusted" } : defaults;
}

/**
 * What of a resumed session's own settings applies in a folder of this trust: in an untrusted
 * folder not its sandbox and approval policy (the folder's restrictions are the defaults, under
 * config.toml, a profile and the command line, as for a new session). The same object otherwise.
 */
export function savedUnderTrust(
  saved: SavedSettings,
  level: TrustLevel | undefined,
): SavedSettings {
  if (level !== "untrusted" || (!saved.sandbox && !saved.approvalPolicy)) return saved;
  const { sandbox: _sandbox, approvalPolicy: _approval, ...rest } = saved;
  return rest;
}

/** `[projects."<root>"]` as this file writes it (a TOML basic string is JSON's). */
function header(root: string): string {
  return `[projects.${JSON.stringify(root)}]`;
}

/**
 * Record a trust decision in `$MINI_CODEX_HOME/config.toml` as Codex does in its config.toml:
 * a `[projects."<root>"]` table with `trust_level`, appended (or its line replaced when this
 * file wrote the table before). The rest of the file is kept byte for byte.
 */
export function recordTrust(home: string, folder: string, level: TrustLevel): void {
  const file = configPath(home);
  const root = realOr(folder);
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    mkdirSync(dirname(file), { recursive: true });
  }
  const line = `trust_level = "${level}"`;
  const head = header(root);
  const at = text.split("\n").indexOf(head);
  if (at < 0) {
    refuseOtherSpelling(text, root, file, line);
    const gap = text === "" || text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
    appendFileSync(file, `${gap}${head}\n${line}\n`);
    return;
  }
  const lines = text.split("\n");
  let end = at + 1;
  while (end < lines.length && !lines[end]?.startsWith("[")) end += 1;
  const body = lines.slice(at + 1, end).filter((l) => !/^\s*trust_level\s*=/.test(l));
  lines.splice(at + 1, end - at - 1, line, ...body);
  writeFileSync(file, lines.join("\n"));
}

/**
 * The file already has an entry for `root` written another way (`[projects.'/x']`, an inline
 * table): appending a second one would make the whole file unreadable, so say what to add.
 */
function refuseOtherSpelling(text: string, root: string, file: string, line: string): void {
  let projects: unknown;
  try {
    projects = (parseToml(text) as { projects?: unknown }).projects;
  } catch {
    return; // an unreadable file is reported where the config is loaded
  }
  if (projects && typeof projects === "object" && root in projects) {
    throw new Error(`${file} already has a projects entry for ${root}: add ${line} to it`);
  }
}
