/**
 * A setting as people read it: docs/config.md's default column and /help's value and default
 * come from these, so the two cannot say different things.
 */
import { type ConfigKey, type Settings, settingRecords, settingValue } from "./resolve.js";

/** A value in Markdown: text, booleans and lists in backticks, numbers bare; none is `—`. */
export function shownValue(value: unknown): string {
  if (value === undefined) return "—";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `\`${value}\``;
  return `\`${JSON.stringify(value)}\``;
}

/** A key's default as docs/config.md says it (Markdown). */
export function shownDefault(key: ConfigKey): string {
  const record = settingRecords().find(([name]) => name === key)?.[1];
  if (!record) return "—";
  return record.defaultText ?? shownValue(record.default);
}

/** Markdown as a terminal shows it (no backticks). */
export function plainText(markdown: string): string {
  return markdown.replaceAll("`", "");
}

/** One setting for /help: its configured value, and the default when the value is another. */
export interface ShownSetting {
  key: ConfigKey;
  /** The configured value; when it is the default, the default as docs/config.md says it. */
  value: string;
  /** The default, when the configured value differs from it (absent: it is the default). */
  default?: string;
}

/** The keys /help lists (`help: true` in keys.ts) as `config` has them. */
export function helpSettings(config: Settings): ShownSetting[] {
  return settingRecords()
    .filter(([, record]) => record.help)
    .map(([key, record]) => {
      const value = settingValue(config, key);
      const same = JSON.stringify(value) === JSON.stringify(record.default);
      const byDefault = plainText(shownDefault(key));
      return same
        ? { key, value: byDefault }
        : { key, value: plainText(shownValue(value)), default: byDefault };
    });
}
