import { parse as parseToml } from "smol-toml";
import { ConfigError } from "../errors.js";

export type ConfigTable = Record<string, unknown>;

export interface ConfigOverride {
  path: string[];
  value: unknown;
}

/** Split a dotted TOML key (`a.b`, `model_providers."my.host".base_url`) into its segments. */
export function parseDottedKey(key: string): string[] {
  const segments: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (const ch of key.trim()) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === ".") {
      segments.push(current.trim());
      current = "";
    } else {
      current += ch;
    }
  }
  segments.push(current.trim());
  if (quote || segments.some((segment) => segment.length === 0)) {
    throw new ConfigError(`invalid config key in -c override: ${key}`, key);
  }
  return segments;
}

/** Parse a value as TOML (`5`, `true`, `"x"`, `[1,2]`, `{a=1}`); anything that is not TOML is a raw string. */
function parseOverrideValue(raw: string): unknown {
  const text = raw.trim();
  try {
    const parsed = parseToml(`value = ${text}`) as { value?: unknown };
    if ("value" in parsed) return parsed.value;
  } catch {
    // not TOML: a bare word such as gpt-5 or a URL is taken literally
  }
  return text;
}

/** `key=value` from `-c/--config`. */
export function parseConfigOverride(spec: string): ConfigOverride {
  const eq = spec.indexOf("=");
  if (eq <= 0) {
    throw new ConfigError(`-c/--config expects key=value, got: ${spec}`);
  }
  return { path: parseDottedKey(spec.slice(0, eq)), value: parseOverrideValue(spec.slice(eq + 1)) };
}

/** Set `value` at `path` inside `table` (creating sub-tables), returning a new table. */
function setAtPath(table: ConfigTable, path: string[], value: unknown): ConfigTable {
  const [head, ...rest] = path;
  if (head === undefined) return table;
  if (rest.length === 0) return { ...table, [head]: value };
  const existing = table[head];
  const child = isTable(existing) ? existing : {};
  return { ...table, [head]: setAtPath(child, rest, value) };
}

export function isTable(value: unknown): value is ConfigTable {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

export function applyOverrides(table: ConfigTable, overrides: ConfigOverride[]): ConfigTable {
  return overrides.reduce((acc, override) => setAtPath(acc, override.path, override.value), table);
}

/** `over` laid on `base` as config layers merge: tables key by key, any other value replaced. */
export function mergeTables(base: ConfigTable, over: ConfigTable): ConfigTable {
  const out: ConfigTable = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = out[key];
    out[key] = isTable(below) && isTable(value) ? mergeTables(below, value) : value;
  }
  return out;
}
