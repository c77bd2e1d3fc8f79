import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml, TomlError } from "smol-toml";
import { errorMessage } from "../../protocol/index.js";
import {
  CONFIG_KEY_ORDER,
  configKeySchema,
  knownProviderKeys,
  knownTopLevelKeys,
  type MiniCodexConfig,
  mcpServerKeys,
  resolveSettings,
  type Settings,
} from "../../settings/index.js";
import { ConfigError } from "../errors.js";
import { CODEX_MCP_SERVER_KEYS, CODEX_PROVIDER_KEYS, CODEX_TOP_LEVEL_KEYS } from "./codex-keys.js";
import {
  applyOverrides,
  type ConfigOverride,
  type ConfigTable,
  isTable,
  mergeTables,
  parseConfigOverride,
} from "./config-overrides.js";
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
  /** Every key resolved (defaults laid in): what the run reads (src/settings). */
  settings: Settings;
  /** The keys as the layers gave them, validated (no defaults): what was set. */
  config: MiniCodexConfig;
  /** Every key neither mini-codex nor the Codex CLI knows, in one line (ignored). */
  warnings: string[];
  /**
   * The same keys with where each was set: the file (config.toml or the profile's file), none
   * for `-c` (launch/config-warnings.ts says a file's once, a `-c` one every run).
   */
  unknownKeys: Array<{ key: string; file?: string }>;
  /** The file read, if it existed. */
  file?: string;
  /** The profile applied (from -p/--profile or the `profile` key). */
  profile?: string;
  /** The profile's `NAME.config.toml`, when it came from one (not `[profiles.NAME]`). */
  profileFile?: string;
}

interface LoadConfigInput {
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

const PROJECT_KEYS: ReadonlySet<string> = new Set(["trust_level"]);

/** Tables of named entries, the keys each entry may have, and Codex's for it (accepted, unused). */
const NAMED_TABLES: Record<
  string,
  { known: () => ReadonlySet<string>; codex: ReadonlySet<string> }
> = {
  model_providers: { known: knownProviderKeys, codex: CODEX_PROVIDER_KEYS },
  mcp_servers: { known: mcpServerKeys, codex: CODEX_MCP_SERVER_KEYS },
  projects: { known: () => PROJECT_KEYS, codex: PROJECT_KEYS },
};

/**
 * `[<table>.<id>]` entries with only the keys mini-codex uses; a key Codex knows is dropped
 * silently, any other's dotted name goes to `unknown`.
 */
function stripUnknownEntryKeys(
  tableKey: string,
  entries: ConfigTable,
  keys: (typeof NAMED_TABLES)[string],
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
      if (keys.known().has(entryKey)) kept[entryKey] = entryValue;
      else if (!keys.codex.has(entryKey)) unknown.push(`${tableKey}.${id}.${entryKey}`);
    }
    out[id] = kept;
  }
  return out;
}

/**
 * The one warning about keys mini-codex does not use (`where`: " in FILE"): a config.toml may
 * have several, and a line each would bury the warnings that matter.
 */
export function unknownKeysWarning(all: readonly string[], where = ""): string[] {
  const hooks = all.filter((key) => key.startsWith(INLINE_HOOKS));
  const keys = all.filter((key) => !key.startsWith(INLINE_HOOKS));
  const lines =
    hooks.length === 0
      ? []
      : [`inline hooks${where} are not run (mini-codex runs hooks.json): ${hooks.join(", ")}`];
  if (keys.length === 1) lines.push(`unknown config key \`${keys[0]}\`${where} (ignored)`);
  if (keys.length > 1) {
    lines.push(
      `${keys.length} config keys neither mini-codex nor the Codex CLI knows${where} (ignored): ${keys.join(", ")}`,
    );
  }
  return lines;
}

/** Codex's inline `[hooks.<Event>]` tables: known to Codex, but not run here (its `state` is quiet). */
const INLINE_HOOKS = "hooks.";

function inlineHooks(value: unknown): string[] {
  if (!isTable(value)) return [];
  return Object.keys(value)
    .filter((event) => event !== "state")
    .map((event) => `${INLINE_HOOKS}${event}`);
}

/**
 * Drop the keys mini-codex does not use so the schema only judges its own: a Codex key
 * (launch/codex-keys.ts) silently, any other named in `unknown` (dotted), and Codex's inline
 * hooks too (`hooks.<Event>`: they would run under the Codex CLI and do not here).
 */
function stripUnknownKeys(table: ConfigTable): { table: ConfigTable; unknown: string[] } {
  const unknown: string[] = [];
  const out: ConfigTable = {};
  for (const [key, value] of Object.entries(table)) {
    if (!knownTopLevelKeys().has(key)) {
      if (!CODEX_TOP_LEVEL_KEYS.has(key)) unknown.push(key);
      else if (key === "hooks") unknown.push(...inlineHooks(value));
      continue;
    }
    const keys = NAMED_TABLES[key];
    out[key] = keys && isTable(value) ? stripUnknownEntryKeys(key, value, keys, unknown) : value;
  }
  return { table: out, unknown };
}

/** Validate a merged table; the first bad value fails naming its key. */
function validateConfig(table: ConfigTable): {
  config: MiniCodexConfig;
  /** Keys neither mini-codex nor the Codex CLI knows, dotted (`model_providers.p.colour`). */
  unknown: string[];
} {
  const { table: known, unknown } = stripUnknownKeys(table);
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
  return { config: config as MiniCodexConfig, unknown };
}

/** Whether dotted `key` (`a.b.c`) names a value of `table`. */
function hasPath(table: ConfigTable, key: string): boolean {
  let at: unknown = table;
  for (const part of key.split(".")) {
    if (!isTable(at) || !Object.hasOwn(at, part)) return false;
    at = at[part];
  }
  return true;
}

/** Whether a `-c` override set dotted `key` (or a table holding it). */
function setBy(overrides: readonly ConfigOverride[], key: string): boolean {
  return overrides.some((override) => {
    const path = override.path.join(".");
    return key === path || key.startsWith(`${path}.`) || path.startsWith(`${key}.`);
  });
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
  const { config, unknown } = validateConfig(merged);
  const fileOf = (key: string) =>
    choice?.kind === "file" && hasPath(readConfigFile(choice.file) ?? {}, key) ? choice.file : file;
  return {
    settings: resolveSettings(config),
    config,
    warnings: unknownKeysWarning(unknown),
    unknownKeys: unknown.map((key) =>
      setBy(overrides, key) ? { key } : { key, file: fileOf(key) },
    ),
    ...(read ? { file } : {}),
    ...(choice ? { profile: choice.name } : {}),
    ...(choice?.kind === "file" ? { profileFile: choice.file } : {}),
  };
}
