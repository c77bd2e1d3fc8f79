/**
 * The shape of one config key's record (keys.ts holds them all) and the types derived from
 * the records at compile time: `Settings`, the object launch resolves once, and
 * `ConfigTable`, config.toml's keys as validated.
 */
import type { z } from "zod";

/** The docs/config.md table a key is a row of (build/config-tables.mjs writes each one). */
export type DocTable = "top" | "shell_environment_policy" | "agents" | "goals";

/** One config key: how it is checked, what it is when unset, what docs say, where it lands. */
export interface SettingRecord<
  Schema extends z.ZodType = z.ZodType,
  At extends string = string,
  Default = unknown,
> {
  /** Where it lands in `Settings`: section and field (`shell.timeoutMs`). */
  readonly at: At;
  /** The value's schema, built on first use (exec validates only the keys it was given). */
  readonly schema: () => Schema;
  /** Its value when no layer sets it (undefined: none). */
  readonly default: Default;
  /**
   * The default as docs/config.md and /help say it, when the value does not say it all (it
   * depends on the front end, the model or the catalog); otherwise the value is shown.
   */
  readonly defaultText?: string;
  /** Its one line in docs/config.md's table (Markdown). */
  readonly doc: string;
  /** The docs/config.md table it is a row of. */
  readonly table: DocTable;
  /** The top table's "Codex" column: `same`, `mini-codex`, … */
  readonly codex?: string;
  /** /help lists it (with the configured value, and the default when it differs). */
  readonly help?: true;
}

/** A record as written in keys.ts; the types of its schema, place and default are kept. */
export function setting<
  At extends `${string}.${string}`,
  Schema extends z.ZodType,
  const Default extends z.output<Schema> | undefined,
>(record: SettingRecord<Schema, At, Default>): SettingRecord<Schema, At, Default> {
  return record;
}

/** A row of a docs/config.md key table that is no setting: a table told of elsewhere, `profile`. */
export interface DocOnlyRow {
  readonly key: string;
  readonly doc: string;
  readonly table: DocTable;
  readonly codex?: string;
}

type AnyRecord = SettingRecord<z.ZodType, string, unknown>;
type RecordTable = Readonly<Record<string, AnyRecord>>;

/** A record's value in `Settings`: its schema's output, or undefined too when it has no default. */
type ValueOf<R> =
  R extends SettingRecord<infer Schema, string, infer Default>
    ? z.output<Schema> | (undefined extends Default ? undefined : never)
    : never;

type SectionOf<At> = At extends `${infer Section}.${string}` ? Section : never;

/** `{ section: { field: value } }` from the records' `at`. */
export type SettingsOf<Records extends RecordTable> = {
  readonly [Section in SectionOf<Records[keyof Records]["at"]>]: {
    readonly [Key in keyof Records as Records[Key]["at"] extends `${Section}.${infer Field}`
      ? Field
      : never]: ValueOf<Records[Key]>;
  };
};

type TopOf<Key> = Key extends `${infer Top}.${string}` ? Top : Key;

/** config.toml's keys as validated: a record's key, or a table of the records under it. */
export type ConfigTableOf<Records extends RecordTable> = {
  [Top in TopOf<keyof Records & string>]?: Top extends keyof Records
    ? z.output<ReturnType<Records[Top]["schema"]>>
    : {
        [Key in keyof Records as Key extends `${Top}.${infer Leaf}` ? Leaf : never]?: z.output<
          ReturnType<Records[Key]["schema"]>
        >;
      };
};
