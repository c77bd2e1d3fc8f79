/**
 * The records (keys.ts) at work: the schema of each top-level key as config.toml is validated,
 * and `resolveSettings`, the validated keys with every default laid in, as one `Settings`.
 */
import { z } from "zod";
import { lazy } from "../protocol/index.js";
import { SETTING_RECORDS } from "./keys.js";
import type { ConfigTableOf, SettingRecord, SettingsOf } from "./record.js";

/**
 * Every config key resolved (launch does it once and passes the object on): a consumer reads
 * `config.shell.timeoutMs`, never a copy of it in an option bag.
 */
export type Settings = SettingsOf<typeof SETTING_RECORDS>;

/** config.toml's keys after validation, before defaults (the layers merged: launch/config.ts). */
export type MiniCodexConfig = ConfigTableOf<typeof SETTING_RECORDS>;

/** A config key as written (`shell_timeout_ms`, `tui.notifications`). */
export type ConfigKey = keyof typeof SETTING_RECORDS;

const RECORDS: Readonly<Record<string, SettingRecord>> = SETTING_RECORDS;

/** The records by key, in validation order. */
export function settingRecords(): Array<[ConfigKey, SettingRecord]> {
  return Object.entries(RECORDS) as Array<[ConfigKey, SettingRecord]>;
}

const topOf = (key: string) => key.split(".", 1)[0] as string;

/** The top-level keys in the order they are validated (a bad value is reported for the first). */
export const CONFIG_KEY_ORDER: readonly string[] = [...new Set(Object.keys(RECORDS).map(topOf))];

export const knownTopLevelKeys = lazy((): ReadonlySet<string> => new Set(CONFIG_KEY_ORDER));

const keySchemas = new Map<string, z.ZodType>();

/**
 * The schema of one top-level key (a table's is an object of its keys' schemas, other keys of
 * it dropped), or undefined for a key config.toml does not have. Built on first use.
 */
export function configKeySchema(key: string): z.ZodType | undefined {
  if (!knownTopLevelKeys().has(key)) return undefined;
  let schema = keySchemas.get(key);
  if (!schema) {
    const own = RECORDS[key];
    schema = own ? own.schema().optional() : tableSchema(key).optional();
    keySchemas.set(key, schema);
  }
  return schema;
}

function tableSchema(top: string) {
  const prefix = `${top}.`;
  const shape: Record<string, z.ZodType> = {};
  for (const [key, record] of Object.entries(RECORDS)) {
    if (key.startsWith(prefix)) shape[key.slice(prefix.length)] = record.schema().optional();
  }
  return z.object(shape);
}

/** The value at dotted `key` of a validated table (undefined: not set). */
function valueAt(config: MiniCodexConfig, key: string): unknown {
  let at: unknown = config;
  for (const part of key.split(".")) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A default as a fresh value: no two Settings share an array or a table. */
function fresh(value: unknown): unknown {
  if (Array.isArray(value)) return [...value];
  if (typeof value === "object" && value !== null) return { ...value };
  return value;
}

/** The validated keys with the records' defaults for every key none of the layers set (pure). */
export function resolveSettings(config: MiniCodexConfig): Settings {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, record] of Object.entries(RECORDS)) {
    const [section, field] = record.at.split(".") as [string, string];
    const value = valueAt(config, key);
    out[section] ??= {};
    out[section][field] = value === undefined ? fresh(record.default) : value;
  }
  return out as Settings;
}

/** Settings with nothing configured (tests, and sessions opened without a launch). */
export const defaultSettings = lazy((): Settings => resolveSettings({}));

/** A setting's value by its key (`shell_timeout_ms` → `config.shell.timeoutMs`). */
export function settingValue(config: Settings, key: ConfigKey): unknown {
  const [section, field] = SETTING_RECORDS[key].at.split(".") as [string, string];
  return (config as Record<string, Record<string, unknown>>)[section]?.[field];
}
