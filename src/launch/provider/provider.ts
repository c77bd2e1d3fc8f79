import { AuthError, apiKeyCredentials, type BearerCredentials } from "../../auth/index.js";
import type { ProviderSettings } from "../../session/index.js";

import type { ProviderConfig, Settings } from "../../settings/index.js";
import { ConfigError } from "../errors.js";

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
/** The Codex CLI's `chatgpt_base_url` default; its Responses endpoint is `codex/responses` under it. */
const DEFAULT_CHATGPT_BASE_URL = "https://chatgpt.com/backend-api/";
const DEMO_PROVIDER_ID = "demo";

/** The provider to use; `demo` still needs its in-process server started (baseUrl filled in then). */
interface ResolvedProvider {
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

/** The Codex backend's base under `chatgpt_base_url`: `{chatgpt_base_url}codex` (+ `/responses`). */
function codexBackendBaseUrl(chatgptBaseUrl: string = DEFAULT_CHATGPT_BASE_URL): string {
  return `${chatgptBaseUrl.replace(/\/+$/, "")}/codex`;
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

/**
 * Config + environment + the signed-in credential (`auth.json`: an API key or a ChatGPT
 * sign-in) → how to reach the model. Which credential wins, highest first: `CODEX_API_KEY`,
 * the provider's `env_key`, the sign-in, `OPENAI_API_KEY`. A ChatGPT sign-in on the `openai`
 * provider (or a provider with `requires_openai_auth`) talks to the Codex backend. Never logs
 * a key or a token.
 */
export function resolveProvider(
  config: Pick<Settings, "model" | "provider" | "ws">,
  env: NodeJS.ProcessEnv = process.env,
  /** Reads `auth.json` (asked only by a provider that sends the sign-in). */
  signedIn?: () => BearerCredentials | undefined,
): ResolvedProvider {
  const id = config.model.provider;
  const table = config.provider.tables?.[id];
  const { ws } = config;
  const lanes = {
    wsLanes: ws.lanes,
    wsMaxLanes: ws.maxLanes,
    wsEpochMaxRequests: ws.epochMaxRequests,
    wsCompression: ws.compression,
  } as const;

  if (id === DEMO_PROVIDER_ID) {
    const base = apply(
      { id, name: "mini-codex demo", baseUrl: "", supportsWebsockets: true, ...DEFAULTS },
      table,
    );
    return { settings: { ...base, ...lanes, baseUrl: "" }, startsDemoServer: true };
  }

  if (id === "openai") {
    const credentials = credentialFor(id, table, env, signedIn);
    const backend = credentials?.kind === "chatgpt";
    // a ChatGPT token goes only where config.toml says (never to OPENAI_BASE_URL from the environment)
    const baseUrl = backend
      ? (config.provider.openaiBaseUrl ?? codexBackendBaseUrl(config.provider.chatgptBaseUrl))
      : (config.provider.openaiBaseUrl ?? env.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL);
    const base = apply(
      { id, name: "OpenAI", baseUrl, supportsWebsockets: true, ...DEFAULTS },
      table,
    );
    if (!credentials && stripSlash(base.baseUrl) === DEFAULT_OPENAI_BASE_URL) {
      throw new ConfigError(
        "no credentials: sign in with `mini-codex login`, set OPENAI_API_KEY (or CODEX_API_KEY), or try the local demo provider with --demo",
      );
    }
    return {
      settings: withCredentials({ ...base, ...lanes }, credentials),
      startsDemoServer: false,
    };
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
  const key = keyFromEnv(id, table, env);
  const credentials = key
    ? apiKeyCredentials(key)
    : table.requires_openai_auth
      ? credentialFor(id, table, env, signedIn)
      : undefined;
  return { settings: withCredentials({ ...base, ...lanes }, credentials), startsDemoServer: false };
}

/** The credential the `openai` provider (or one with `requires_openai_auth`) sends. */
function credentialFor(
  id: string,
  table: ProviderConfig | undefined,
  env: NodeJS.ProcessEnv,
  signedIn: (() => BearerCredentials | undefined) | undefined,
): BearerCredentials | undefined {
  const key = env.CODEX_API_KEY || keyFromEnv(id, table, env);
  if (key) return apiKeyCredentials(key);
  const fromFile = readSignIn(signedIn);
  if (fromFile) return fromFile;
  return env.OPENAI_API_KEY ? apiKeyCredentials(env.OPENAI_API_KEY) : undefined;
}

/** auth.json's credential; a file that cannot be used is a clear error naming it (left as is). */
function readSignIn(
  signedIn: (() => BearerCredentials | undefined) | undefined,
): BearerCredentials | undefined {
  try {
    return signedIn?.();
  } catch (error) {
    if (error instanceof AuthError) throw new ConfigError(error.message);
    throw error;
  }
}

function withCredentials(
  settings: ProviderSettings,
  credentials: BearerCredentials | undefined,
): ProviderSettings {
  if (!credentials) return settings;
  return {
    ...settings,
    credentials,
    ...(credentials.kind === "chatgpt" ? { codexBackend: true } : {}),
  };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
