import { type ConfigTable, isTable } from "./config-overrides.js";
import { ConfigError } from "./errors.js";

/** The `[profiles.NAME]` table named (empty when none is named or it is not a table). */
export function profileTable(table: ConfigTable, name: string | undefined): ConfigTable {
  const profiles = table.profiles;
  const entry = name !== undefined && isTable(profiles) ? profiles[name] : undefined;
  return isTable(entry) ? entry : {};
}

/**
 * `[profiles.NAME]` over the top-level keys (Codex-compatible): the profile named by
 * `-p/--profile`, else by the top-level `profile` key. Flags still win over it afterwards.
 * Returns the table without `profile`/`profiles` and the name applied.
 */
export function applyProfile(
  table: ConfigTable,
  chosen: string | undefined,
): { table: ConfigTable; profile?: string } {
  const { profile: named, profiles, ...rest } = table;
  const name = chosen ?? (typeof named === "string" ? named : undefined);
  if (name === undefined) return { table: rest };
  const entry = isTable(profiles) ? profiles[name] : undefined;
  if (!isTable(entry)) {
    const known = isTable(profiles) ? Object.keys(profiles) : [];
    throw new ConfigError(
      `profile \`${name}\` is not in config.toml (${known.length > 0 ? `profiles: ${known.join(", ")}` : "no [profiles.NAME] tables"})`,
      "profile",
    );
  }
  return { table: { ...rest, ...entry }, profile: name };
}
