import { DEMO_GOAL_SCRIPTS, DEMO_PHRASES } from "../demo/index.js";
import { helpSettings, type Settings } from "../settings/index.js";

/** A titled block of /help (data only: the help command prints each after its own lists). */
interface HelpTopic {
  title: string;
  lines: string[];
}

/** `key  text` rows with the keys padded to one column. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...rows.map(([key]) => key.length));
  return rows.map(([key, text]) => `${key.padEnd(width)}  ${text}`);
}

/**
 * The settings /help lists (src/settings: `help: true`), as this run has them: the configured
 * value, and the default as docs/config.md says it when the value is another.
 */
export function settingsTopic(config: Settings): HelpTopic {
  return {
    title: "Settings (config.toml, a profile or -c KEY=VALUE; docs/config.md)",
    lines: table(
      helpSettings(config).map(
        ({ key, value, default: byDefault }) =>
          [key, byDefault === undefined ? value : `${value} (default: ${byDefault})`] as const,
      ),
    ),
  };
}

/** What /help shows besides the commands and keys (the README says the same). */
export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    title: "In the composer",
    lines: table([
      [
        "!<command>",
        "runs the command yourself, in the sandbox (shell_timeout_ms applies, below); its output goes with your next message",
      ],
      ["@<path>", "completes a file path of the workspace (Tab or Enter picks)"],
    ]),
  },
  {
    title: "Status bar",
    lines: table([
      [
        "ws_incremental",
        "the last request sent only the new items, chained (previous_response_id)",
      ],
      [
        "ws_full — <why>",
        "it sent the whole conversation, and why (settings changed, reconnected …)",
      ],
      ["http_full", "it went over HTTP: always the whole conversation"],
      ["(warm-up)", "a request that prepares the connection and generates nothing"],
      ["prev ✓ / prev –", "a previous response id was / was not sent"],
      ["cached 1.2k (86%)", "prompt tokens the provider's cache served"],
      ["cached 0 — <why>", "the cache missed, and why (prefix changed, cache cold …)"],
      ["lane <name>", "which chain the request continued (one per model and effort)"],
      ["<model> <effort>", "what the next request uses (Alt+E, /model, /effort change it)"],
      ["ctx 80% left", "room left in the model's context window"],
      ["next: …", "after a settings change: what the next request will be"],
      ["working 5s · 1 queued", "a turn runs, and messages wait for it (Tab)"],
      ["Plan mode (Shift+Tab)", "the session is in Plan mode (/plan; Shift+Tab switches back)"],
    ]),
  },
  {
    title: "The demo model (--demo, npm run demo) understands",
    lines: table(DEMO_PHRASES.map(({ phrase, does }) => [phrase, does] as const)),
  },
  {
    title: "The demo model's goals (/goal TEXT, exec --goal TEXT)",
    lines: table(DEMO_GOAL_SCRIPTS.map(({ phrase, does }) => [phrase, does] as const)),
  },
];
