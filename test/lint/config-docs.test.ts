// The config key records (src/settings/keys.ts), docs/config.md and /help say the same: the key
// tables of the doc are what the records write, and /help's settings block shows each key's
// configured value with the default exactly as the doc's table gives it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DOC_TABLES,
  markedTables,
  plainText,
  resolveSettings,
  SETTING_RECORDS,
  withConfigKeyTables,
} from "../../src/settings/index.js";
import { runSlashCommand } from "../../src/ui/commands/dispatch.js";
import type { TranscriptEntry } from "../../src/ui/model/transcript-entries.js";
import { started } from "../ui/controller-harness.js";
import { waitFor } from "../ui/ink-helpers.js";

const DOC = fileURLToPath(new URL("../../docs/config.md", import.meta.url));

/** docs/config.md's top table as key → its default cell. */
function documentedDefaults(doc: string): Map<string, string> {
  const rows = doc.split("\n").flatMap((line) => {
    const cells = /^\| `([^`]+)` \| (.*?) \| /.exec(line);
    return cells ? [[cells[1] as string, cells[2] as string] as const] : [];
  });
  return new Map(rows);
}

describe("docs/config.md's key tables", () => {
  it("are what the records write, each table once (node build/config-tables.mjs after npm run build)", () => {
    const doc = readFileSync(DOC, "utf8");
    expect(markedTables(doc).sort()).toEqual([...DOC_TABLES].sort());
    expect(doc).toBe(withConfigKeyTables(doc));
  });
});

describe("/help's settings", () => {
  it("show each key as configured, and the default as docs/config.md's table gives it when they differ", async () => {
    const config = resolveSettings({ shell_timeout_ms: 5000 });
    const t = await started((_text, s) => s.answer("ok"), { config });
    runSlashCommand("/help", t.controller);
    const settings = () =>
      t
        .state()
        .entries.find(
          (entry): entry is Extract<TranscriptEntry, { kind: "info" }> =>
            entry.kind === "info" && entry.title.startsWith("Settings"),
        );
    await waitFor(() => settings() !== undefined, "/help's settings");
    const shown = new Map(
      (settings()?.lines ?? []).map((line) => {
        const [key, ...rest] = line.split(/\s{2,}/);
        return [key as string, rest.join("  ")];
      }),
    );
    const documented = documentedDefaults(readFileSync(DOC, "utf8"));
    const listed = Object.entries(SETTING_RECORDS).filter(([, record]) => "help" in record);
    expect([...shown.keys()]).toEqual(listed.map(([key]) => key));
    for (const [key] of listed) {
      const byDefault = plainText(documented.get(key) ?? "(not in docs/config.md)");
      expect(shown.get(key), key).toBe(
        key === "shell_timeout_ms" ? `5000 (default: ${byDefault})` : byDefault,
      );
    }
  });
});
