/**
 * docs/config.md's key tables, written from the records (`node build/config-tables.mjs` after
 * `npm run build`): each table sits between `<!-- config-keys NAME -->` and
 * `<!-- /config-keys -->`, and test/lint/config-docs.test.ts fails while the file differs.
 */

import { DOC_ONLY_ROWS } from "./keys.js";
import type { DocTable } from "./record.js";
import { settingRecords } from "./resolve.js";
import { shownDefault } from "./shown.js";

/** The top table names keys in full and has a Codex column; a table's own section names its keys. */
const WHOLE_KEYS: Readonly<Record<DocTable, boolean>> = {
  top: true,
  shell_environment_policy: false,
  agents: false,
  goals: false,
};

export const DOC_TABLES = Object.keys(WHOLE_KEYS) as DocTable[];

/** One table's Markdown lines, header first. */
export function configKeyTable(table: DocTable): string[] {
  const whole = WHOLE_KEYS[table];
  const name = (key: string) => (whole ? key : key.slice(key.indexOf(".") + 1));
  const rows = [
    ...settingRecords()
      .filter(([, record]) => record.table === table)
      .map(([key, record]) => [name(key), shownDefault(key), record.doc, record.codex ?? ""]),
    ...DOC_ONLY_ROWS.filter((row) => row.table === table).map((row) => [
      row.key,
      "—",
      row.doc,
      row.codex ?? "",
    ]),
  ];
  const columns = whole ? 4 : 3;
  const line = (cells: string[]) => `| ${cells.slice(0, columns).join(" | ")} |`;
  return [
    line(["key", "default", "meaning", "Codex"]),
    `|${"---|".repeat(columns)}`,
    ...rows.map(([key, ...rest]) => line([`\`${key}\``, ...rest])),
  ];
}

const BLOCK = /(<!-- config-keys ([a-z_]+) -->\n)[\s\S]*?(<!-- \/config-keys -->)/g;

/** docs/config.md with every marked table written anew from the records. */
export function withConfigKeyTables(doc: string): string {
  return doc.replace(BLOCK, (_all, open: string, table: string, close: string) => {
    if (!(table in WHOLE_KEYS)) return _all;
    return `${open}${configKeyTable(table as DocTable).join("\n")}\n${close}`;
  });
}

/** The tables marked in `doc`, in order (each should be there once). */
export function markedTables(doc: string): string[] {
  return [...doc.matchAll(BLOCK)].map((match) => match[2] as string);
}
