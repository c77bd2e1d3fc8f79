import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LoadedConfig } from "./config.js";
import { unknownKeysWarning } from "./config.js";

/**
 * Which config files were already warned about: `$MINI_CODEX_HOME/config-warnings.json` holds
 * the sha256 of each file's contents at the time (docs/config.md, "Unknown keys").
 */
export const WARNED_CONFIGS_FILE = "config-warnings.json";
/** The most contents remembered (the oldest are let go). */
const REMEMBERED = 64;

/** The sha256 of a file's bytes, or undefined when it cannot be read now. */
function contentHash(file: string): string | undefined {
  try {
    return createHash("sha256").update(readFileSync(file)).digest("hex");
  } catch {
    return undefined;
  }
}

function remembered(path: string): string[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    const warned = (parsed as { warned?: unknown }).warned;
    return Array.isArray(warned) ? warned.filter((hash) => typeof hash === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The warnings about keys neither mini-codex nor the Codex CLI knows (`loaded.unknownKeys`): a
 * key given with `-c` on every run (the person just typed it), a file's once for its contents —
 * on the next start or `exec` of the same file nothing is said, and it is said again once the
 * file changes. What was said is remembered in `stateHome` (never in a Codex home); a home that
 * cannot be written only means the warning comes again.
 */
export function unknownKeyWarnings(
  unknown: LoadedConfig["unknownKeys"],
  stateHome: string,
): string[] {
  const typed = unknown.filter((entry) => entry.file === undefined).map((entry) => entry.key);
  const byFile = new Map<string, string[]>();
  for (const { key, file } of unknown) {
    if (file !== undefined) byFile.set(file, [...(byFile.get(file) ?? []), key]);
  }
  const warnings = unknownKeysWarning(typed, " given with -c");
  if (byFile.size === 0) return warnings;
  const path = join(stateHome, WARNED_CONFIGS_FILE);
  const warned = remembered(path);
  const fresh: string[] = [];
  for (const [file, keys] of byFile) {
    const hash = contentHash(file);
    if (hash !== undefined && (warned.includes(hash) || fresh.includes(hash))) continue;
    warnings.push(
      ...unknownKeysWarning(keys, ` in ${file}`).map(
        (line) => `${line}; not said again until the file changes`,
      ),
    );
    if (hash !== undefined) fresh.push(hash);
  }
  if (fresh.length > 0) remember(path, [...warned, ...fresh].slice(-REMEMBERED));
  return warnings;
}

/** Write the list beside, then rename it over: a reader never sees half a file. */
function remember(path: string, hashes: string[]): void {
  try {
    mkdirSync(join(path, ".."), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify({ warned: hashes })}\n`, { mode: 0o600 });
    renameSync(temp, path);
  } catch {
    // an unwritable home: the warning comes again next time, nothing else is lost
  }
}
