/**
 * Settings: every config key as one record (keys.ts: schema, default, doc line, where it
 * lands), and the one typed object they resolve to. What flows through: launch validates
 * config.toml, its profile and `-c` key by key with `configKeySchema`, merges them, and calls
 * `resolveSettings` once; the `Settings` it gets is passed by reference to the session, its
 * turns and its tools, which read `config.shell.timeoutMs` and never copy a value into an
 * option bag. docs/config.md's key tables and /help's defaults are written from the records.
 */
export {
  APPROVAL_POLICIES,
  PROMPT_CACHE_TTLS,
  SANDBOX_MODES,
  WS_LANES,
} from "./choices.js";
export {
  configKeyTable,
  DOC_TABLES,
  markedTables,
  withConfigKeyTables,
} from "./doc-tables.js";
export { SETTING_RECORDS, SHELL_COMMAND_TIMEOUT_MS } from "./keys.js";
export type { DocTable, SettingRecord } from "./record.js";
export {
  CONFIG_KEY_ORDER,
  type ConfigKey,
  configKeySchema,
  defaultSettings,
  knownTopLevelKeys,
  type MiniCodexConfig,
  resolveSettings,
  type Settings,
  settingRecords,
  settingValue,
} from "./resolve.js";
export { helpSettings, plainText, type ShownSetting, shownDefault, shownValue } from "./shown.js";
export {
  knownProviderKeys,
  type McpServerConfig,
  type ModelOverrides,
  mcpServerConfigSchema,
  mcpServerKeys,
  mcpServerNameSchema,
  mcpServersSchema,
  modelOverridesSchema,
  type ProviderConfig,
  providerConfigSchema,
} from "./table-schemas.js";
