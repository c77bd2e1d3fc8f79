import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml, TomlError } from "smol-toml";
import { mcpServerKeys } from "../mcp/config.js";
import { errorMessage } from "../protocol/error-message.js";
import {
  applyOverrides,
  type ConfigOverride,
  type ConfigTable,
  isTable,
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
import { applyProfile, profileTable } from "./profiles.js";

export interface LoadedConfig {
  config: MiniCodexConfig;
  /** Unknown keys and other harmless problems, for stderr. */
  warnings: string[];
  /** The file read, if it existed. */
  file?: string;
  /** The `[profiles.NAME]` applied (from -p/--profile or the `profile` key). */
  profile?: string;
}

export interface LoadConfigInput {
  home: string;
  /** Raw `-c key=value` strings, in order. */
  overrides?: string[];
  /** Flags that win over the file and -c (e.g. -m, --effort, --demo), already as config keys. */
  flagOverrides?: ConfigOverride[];
  /** -p/--profile: the `[profiles.NAME]` table applied over the file and -c, below the flags. */
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
      const firstLine = error.message.split("\n")[0] ?? "invalid TOML";
      throw new ConfigError(`${file}:${error.line}:${error.column}: ${firstLine}`);
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

/** `[<table>.<id>]` entries without the keys we do not know (a warning each). */
function stripUnknownEntryKeys(
  tableKey: string,
  entries: ConfigTable,
  known: () => ReadonlySet<string>,
  warnings: string[],
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
      else warnings.push(`unknown config key \`${tableKey}.${id}.${entryKey}\` (ignored)`);
    }
    out[id] = kept;
  }
  return out;
}

/** Drop keys we do not know (with a warning each) so the schema only judges known keys. */
export function stripUnknownKeys(table: ConfigTable): { table: ConfigTable; warnings: string[] } {
  const warnings: string[] = [];
  const out: ConfigTable = {};
  for (const [key, value] of Object.entries(table)) {
    if (!knownTopLevelKeys().has(key)) {
      warnings.push(`unknown config key \`${key}\` (ignored)`);
      continue;
    }
    const known = NAMED_TABLES[key];
    out[key] = known && isTable(value) ? stripUnknownEntryKeys(key, value, known, warnings) : value;
  }
  return { table: out, warnings };
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

/** config.toml + `-c` overrides + flags → a validated config. */
export function loadConfig(input: LoadConfigInput): LoadedConfig {
  const file = configPath(input.home);
  const fromFile = readConfigFile(file);
  const overrides = (input.overrides ?? []).map(parseConfigOverride);
  const withOverrides = applyOverrides(fromFile ?? {}, overrides);
  const profiled = applyProfile(withOverrides, input.profile);
  const flags = input.flagOverrides ?? [];
  const chosenProfile = profileTable(withOverrides, input.profile);
  const setOnCommandLine = (key: string) =>
    [...overrides, ...flags].some((override) => override.path[0] === key) ||
    Object.hasOwn(chosenProfile, key);
  const session = input.sessionDefaults?.(setOnCommandLine) ?? [];
  const merged = applyOverrides(applyOverrides(profiled.table, session), flags);
  const { config, warnings } = validateConfig(merged);
  return {
    config,
    warnings,
    ...(fromFile ? { file } : {}),
    ...(profiled.profile ? { profile: profiled.profile } : {}),
  };
}
