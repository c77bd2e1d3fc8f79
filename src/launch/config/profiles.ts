import { ConfigError } from "../errors.js";
import { type ConfigTable, isTable } from "./config-overrides.js";

/** Codex 0.171's profile files: `NAME.config.toml` beside config.toml. */
export const PROFILE_FILE_SUFFIX = ".config.toml";

/** The profile names of the files in config.toml's folder (`fast.config.toml` → `fast`). */
export function profileFileNames(fileNames: readonly string[]): string[] {
  return fileNames
    .filter(
      (name) => name.endsWith(PROFILE_FILE_SUFFIX) && name.length > PROFILE_FILE_SUFFIX.length,
    )
    .map((name) => name.slice(0, -PROFILE_FILE_SUFFIX.length))
    .sort();
}

/**
 * The profile a run applies: `NAME.config.toml` (Codex 0.171: laid over config.toml, under
 * `-c`) or `[profiles.NAME]` of config.toml (as the Codex CLI did before: over `-c`).
 * Flags win over both.
 */
export type ProfileChoice =
  | { name: string; kind: "file"; file: string }
  | { name: string; kind: "table"; table: ConfigTable };

/** Where a run's profiles can come from. */
interface ProfileSources {
  /** The config.toml read (for messages). */
  configFile: string;
  /** config.toml with the `-c` overrides (its `profile` key and `[profiles]` tables). */
  table: ConfigTable;
  /** The names of the `NAME.config.toml` files beside config.toml. */
  fileNames: readonly string[];
  /** The path of one profile file. */
  fileOf(name: string): string;
}

/** The name chosen: `-p/--profile`, else the `profile` key of config.toml or `-c`. */
export function chosenProfileName(
  flag: string | undefined,
  table: ConfigTable,
): string | undefined {
  if (flag !== undefined) return flag;
  return typeof table.profile === "string" ? table.profile : undefined;
}

function tablesOf(table: ConfigTable): ConfigTable {
  return isTable(table.profiles) ? table.profiles : {};
}

/** Every profile there is, as an unknown name's error lists them. */
function knownProfiles(sources: ProfileSources): string {
  const files = sources.fileNames.map((name) => `${name} (${name}${PROFILE_FILE_SUFFIX})`);
  const tables = Object.keys(tablesOf(sources.table)).map((name) => `${name} ([profiles.${name}])`);
  const all = [...files, ...tables];
  return all.length > 0 ? `profiles: ${all.join(", ")}` : "there are no profiles";
}

/**
 * Pick the named profile from both kinds; an unknown name, or a name that is both a file and
 * a table, fails naming what there is.
 */
export function chooseProfile(
  name: string | undefined,
  sources: ProfileSources,
): ProfileChoice | undefined {
  if (name === undefined) return undefined;
  const entry = tablesOf(sources.table)[name];
  const table = isTable(entry) ? entry : undefined;
  const hasFile = sources.fileNames.includes(name);
  const file = sources.fileOf(name);
  if (hasFile && table) {
    throw new ConfigError(
      `profile \`${name}\` is defined twice: ${file} and [profiles.${name}] in ${sources.configFile}; keep one (the Codex CLI 0.171 reads only ${name}${PROFILE_FILE_SUFFIX})`,
      "profile",
    );
  }
  if (hasFile) return { name, kind: "file", file };
  if (table) return { name, kind: "table", table };
  throw new ConfigError(
    `profile \`${name}\` not found: no ${file} and no [profiles.${name}] in ${sources.configFile} (${knownProfiles(sources)})`,
    "profile",
  );
}

/** A table without the keys that choose profiles (they are not settings of their own). */
export function withoutProfileKeys(table: ConfigTable): ConfigTable {
  const { profile: _profile, profiles: _profiles, ...rest } = table;
  return rest;
}

/** A profile as the headers name it: `fast (/home/me/.codex/fast.config.toml)` or `fast ([profiles.fast])`. */
export function profileLabel(name: string, file: string | undefined): string {
  return `${name} (${file ?? `[profiles.${name}]`})`;
}
