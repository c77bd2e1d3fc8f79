import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml, TomlError } from "smol-toml";
import { mcpServerKeys } from "../mcp/config.js";
import { errorMessage } from "../protocol/error-message.js";
import {
  applyOverrides,
  type ConfigOverride,
  type ConfigTable,
  isTable,
  mergeTables,
  parseConfigOverride,
} from "./config-overrides.js";
import {
  CONFIG_KEY_ORDER,
  configKeySchema,
  knownProviderKeys,
  knownTopLevelKeys,
  type MiniCodexConfig,
} from "./config-schema.js";
import { ConfigError } from "./errors.js";
import {
  chooseProfile,
  chosenProfileName,
  PROFILE_FILE_SUFFIX,
  type ProfileChoice,
  profileFileNames,
  withoutProfileKeys,
} from "./profiles.js";
import { tomlErrorText } from "./toml-error.js";

export interface LoadedConfig {
  config: MiniCodexConfig;
  /** Unknown keys and other harmless problems, for stderr. */
  warnings: string[];
  /** The file read, if it existed. */
  file?: string;
  /** The profile applied (from -p/--profile or the `profile` key). */
  profile?: string;
  /** The profile's `NAME.config.toml`, when it came from one (not `[profiles.NAME]`). */
  profileFile?: string;
}

export interface LoadConfigInput {
  /** The folder whose config.toml (and NAME.config.toml profiles) is read: `Homes.config`. */
  home: string;
  /** Raw `-c key=value` strings, in order. */
  overrides?: string[];
  /** Flags that win over the file and -c (e.g. -m, --effort, --demo), already as config keys. */
  flagOverrides?: ConfigOverride[];
  /** -p/--profile: `NAME.config.toml` (under -c) or `[profiles.NAME]` (over -c), below the flags. */
  profile?: string;
  /**
   * A resumed session's own settings (model, provider, sandbox …), given what the command line
   * sets (flags, -c, -p's profile): they sit over the file and its profile, under the command line.
   */
  sessionDefaults?: (setOnCommandLine: (key: string) => boolean) => ConfigOverride[];
}

export function configPath(home: string): string {
  return join(home, "config.toml");
}

/** Read and parse config.toml; a missing file is an empty table, a broken one names file and line. */
export function readConfigFile(file: string): ConfigTable | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new ConfigError(`cannot read ${file}: ${errorMessage(error)}`);
  }
  try {
    return parseToml(text) as ConfigTable;
  } catch (error) {
    if (error instanceof TomlError) {
      const { message, line, column } = error;
      throw new ConfigError(tomlErrorText(file, text, { message, line, column }));
    }
    throw error;
  }
}

/** Tables of named entries and the keys each entry may have. */
const NAMED_TABLES: Record<string, () => ReadonlySet<string>> = {
  model_providers: knownProviderKeys,
  mcp_servers: mcpServerKeys,
  projects: () => PROJECT_KEYS,
};

const PROJECT_KEYS: ReadonlySet<string> = new Set(["trust_level"]);

/** `[<table>.<id>]` entries without the keys we do not know (their dotted names go to `unknown`). */
function stripUnknownEntryKeys(
  tableKey: string,
  entries: ConfigTable,
  known: () => ReadonlySet<string>,
  unknown: string[],
): ConfigTable {
  const out: ConfigTable = {};
  for (const [id, entry] of Object.entries(entries)) {
    if (!isTable(entry)) {
      out[id] = entry;
      continue;
    }
    const kept: ConfigTable = {};
    for (const [entryKey, entryValue] of Object.entries(entry)) {
      if (known().has(entryKey)) kept[entryKey] = entryValue;
      else unknown.push(`${tableKey}.${id}.${entryKey}`);
    }
    out[id] = kept;
  }
  return out;
}

/**
 * The one warning about keys mini-codex does not use: a Codex config.toml has several, and
 * a line each would bury the warnings that matter.
 */
export function unknownKeysWarning(keys: readonly string[]): string[] {
  if (keys.length === 0) return [];
  if (keys.length === 1) return [`unknown config key \`${keys[0]}\` (ignored)`];
  return [`${keys.length} config keys mini-codex does not use (ignored): ${keys.join(", ")}`];
}

/** Drop keys we do not know (named in one warning) so the schema only judges known keys. */
export function stripUnknownKeys(table: ConfigTable): { table: ConfigTable; warnings: string[] } {
  const unknown: string[] = [];
  const out: ConfigTable = {};
  for (const [key, value] of Object.entries(table)) {
    if (!knownTopLevelKeys().has(key)) {
      unknown.push(key);
      continue;
    }
    const known = NAMED_TABLES[key];
    out[key] = known && isTable(value) ? stripUnknownEntryKeys(key, value, known, unknown) : value;
  }
  return { table: out, warnings: unknownKeysWarning(unknown) };
}

/** Validate a merged table; the first bad value fails naming its key. */
export function validateConfig(table: ConfigTable): {
  config: MiniCodexConfig;
  warnings: string[];
} {
  const { table: known, warnings } = stripUnknownKeys(table);
  // key by key, in the schema's order: only the keys given are built and checked
  const config: Record<string, unknown> = {};
  for (const name of CONFIG_KEY_ORDER) {
    if (!Object.hasOwn(known, name)) continue;
    const parsed = configKeySchema(name)?.safeParse(known[name]);
    if (!parsed) continue;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = [name, ...(issue?.path ?? [])].map(String).join(".");
      const message = issue?.message ?? "invalid value";
      throw new ConfigError(`invalid config value for \`${key}\`: ${message}`, key);
    }
    config[name] = parsed.data;
  }
  return { config: config as MiniCodexConfig, warnings };
}

/** The names of the profile files beside config.toml (none when the folder is missing). */
function profileFilesIn(home: string): string[] {
  try {
    return profileFileNames(readdirSync(home));
  } catch {
    return [];
  }
}

/** config.toml, the profile and `-c`, layered as each kind of profile asks; the profile's keys. */
function profiledTable(
  fromFile: ConfigTable,
  overrides: ConfigOverride[],
  withOverrides: ConfigTable,
  choice: ProfileChoice | undefined,
): { table: ConfigTable; profileKeys: string[] } {
  if (!choice) return { table: withoutProfileKeys(withOverrides), profileKeys: [] };
  if (choice.kind === "table") {
    const table = { ...withoutProfileKeys(withOverrides), ...choice.table };
    return { table, profileKeys: Object.keys(choice.table) };
  }
  const layer = withoutProfileKeys(readConfigFile(choice.file) ?? {});
  const table = withoutProfileKeys(applyOverrides(mergeTables(fromFile, layer), overrides));
  return { table, profileKeys: Object.keys(layer) };
}

/** config.toml + its profile + `-c` overrides + flags → a validated config. */
export function loadConfig(input: LoadConfigInput): LoadedConfig {
  const file = configPath(input.home);
  const read = readConfigFile(file);
  const fromFile = read ?? {};
  const overrides = (input.overrides ?? []).map(parseConfigOverride);
  const withOverrides = applyOverrides(fromFile, overrides);
  const choice = chooseProfile(chosenProfileName(input.profile, withOverrides), {
    configFile: file,
    table: withOverrides,
    fileNames: profileFilesIn(input.home),
    fileOf: (name) => join(input.home, `${name}${PROFILE_FILE_SUFFIX}`),
  });
  const profiled = profiledTable(fromFile, overrides, withOverrides, choice);
  const flags = input.flagOverrides ?? [];
  const setOnCommandLine = (key: string) =>
    [...overrides, ...flags].some((override) => override.path[0] === key) ||
    profiled.profileKeys.includes(key);
  const session = input.sessionDefaults?.(setOnCommandLine) ?? [];
  const merged = applyOverrides(applyOverrides(profiled.table, session), flags);
  const { config, warnings } = validateConfig(merged);
  return {
    config,
    warnings,
    ...(read ? { file } : {}),
    ...(choice ? { profile: choice.name } : {}),
    ...(choice?.kind === "file" ? { profileFile: choice.file } : {}),
  };
}
