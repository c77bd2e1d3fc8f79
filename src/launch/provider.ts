import type { ProviderSettings } from "../session/api.js";
import { DEFAULT_MAX_LANES } from "../session/lanes.js";
import type { MiniCodexConfig, ProviderConfig } from "./config-schema.js";
import { ConfigError } from "./errors.js";

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
export const DEMO_PROVIDER_ID = "demo";

/** The provider to use; `demo` still needs its in-process server started (baseUrl filled in then). */
export interface ResolvedProvider {
  settings: ProviderSettings;
  startsDemoServer: boolean;
}

const DEFAULTS = {
  requestMaxRetries: 4,
  streamMaxRetries: 5,
  streamIdleTimeoutMs: 300_000,
  websocketConnectTimeoutMs: 15_000,
};

function apply(
  base: Omit<ProviderSettings, "wsLanes" | "wsMaxLanes" | "wsEpochMaxRequests">,
  table: ProviderConfig | undefined,
): Omit<ProviderSettings, "wsLanes" | "wsMaxLanes" | "wsEpochMaxRequests"> {
  if (!table) return base;
  return {
    ...base,
    name: table.name ?? base.name,
    baseUrl: table.base_url ?? base.baseUrl,
    supportsWebsockets: table.supports_websockets ?? base.supportsWebsockets,
    requestMaxRetries: table.request_max_retries ?? base.requestMaxRetries,
    streamMaxRetries: table.stream_max_retries ?? base.streamMaxRetries,
    streamIdleTimeoutMs: table.stream_idle_timeout_ms ?? base.streamIdleTimeoutMs,
    ...(table.stream_max_duration_ms ? { streamMaxDurationMs: table.stream_max_duration_ms } : {}),
    websocketConnectTimeoutMs: table.websocket_connect_timeout_ms ?? base.websocketConnectTimeoutMs,
  };
}

function keyFromEnv(
  id: string,
  table: ProviderConfig | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (table?.env_key) {
    const value = env[table.env_key];
    if (!value) {
      throw new ConfigError(
        `environment variable ${table.env_key} (env_key of provider \`${id}\`) is not set`,
        `model_providers.${id}.env_key`,
      );
    }
    return value;
  }
  return undefined;
}

/** What `auth.json` holds, read only when the `openai` provider has no key from the environment. */
export type StoredSignIn = () => { apiKey?: string; credentials: { kind: string } } | undefined;

/** Config + environment (+ the stored sign-in) → how to reach the model. Never logs the key. */
export function resolveProvider(
  config: MiniCodexConfig,
  env: NodeJS.ProcessEnv = process.env,
  stored: StoredSignIn = () => undefined,
): ResolvedProvider {
  const id = config.model_provider ?? "openai";
  const table = config.model_providers?.[id];
  const lanes = {
    wsLanes: config.ws_lanes ?? "auto",
    wsMaxLanes: config.ws_max_lanes ?? DEFAULT_MAX_LANES,
    wsEpochMaxRequests: config.ws_epoch_max_requests ?? 0,
    wsCompression: config.ws_compression ?? true,
  } as const;

  if (id === DEMO_PROVIDER_ID) {
    const base = apply(
      { id, name: "mini-codex demo", baseUrl: "", supportsWebsockets: true, ...DEFAULTS },
      table,
    );
    return { settings: { ...base, ...lanes, baseUrl: "" }, startsDemoServer: true };
  }

  if (id === "openai") {
    const baseUrl = config.openai_base_url ?? env.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL;
    const base = apply(
      { id, name: "OpenAI", baseUrl, supportsWebsockets: true, ...DEFAULTS },
      table,
    );
    const fromEnv =
      keyFromEnv(id, table, env) ?? (env.CODEX_API_KEY || env.OPENAI_API_KEY || undefined);
    const signIn = fromEnv ? undefined : stored();
    const apiKey = fromEnv ?? signIn?.apiKey;
    if (!apiKey && stripSlash(base.baseUrl) === DEFAULT_OPENAI_BASE_URL) {
      throw new ConfigError(
        signIn?.credentials.kind === "chatgpt"
          ? "signed in with ChatGPT, but this build has no ChatGPT backend provider yet: set OPENAI_API_KEY, run `mini-codex login --with-api-key`, or try --demo"
          : "no API key: set OPENAI_API_KEY (or CODEX_API_KEY), run `mini-codex login`, or try the local demo provider with --demo",
      );
    }
    const settings: ProviderSettings = { ...base, ...lanes };
    if (apiKey) settings.apiKey = apiKey;
    return { settings, startsDemoServer: false };
  }

  if (!table) {
    throw new ConfigError(
      `unknown model_provider \`${id}\`: define [model_providers.${id}] in config.toml`,
      "model_provider",
    );
  }
  if (!table.base_url) {
    throw new ConfigError(`provider \`${id}\` has no base_url`, `model_providers.${id}.base_url`);
  }
  const base = apply(
    { id, name: id, baseUrl: table.base_url, supportsWebsockets: false, ...DEFAULTS },
    table,
  );
  const settings: ProviderSettings = { ...base, ...lanes };
  const apiKey = keyFromEnv(id, table, env);
  if (apiKey) settings.apiKey = apiKey;
  return { settings, startsDemoServer: false };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
