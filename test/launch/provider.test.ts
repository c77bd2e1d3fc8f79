import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/launch/errors.js";
import {
  DEFAULT_OPENAI_BASE_URL,
  resolveProvider as providerOf,
} from "../../src/launch/provider/provider.js";
import type { ProviderSettings } from "../../src/session/wire/provider-settings.js";

import { type MiniCodexConfig, resolveSettings } from "../../src/settings/index.js";

/** resolveProvider over config.toml's keys as written (the rest resolved as launch does). */
function resolveProvider(
  config: MiniCodexConfig,
  ...rest: Parameters<typeof providerOf> extends [unknown, ...infer R] ? R : never
) {
  return providerOf(resolveSettings(config), ...rest);
}

async function tokenOf(settings: ProviderSettings): Promise<string | undefined> {
  return (await settings.credentials?.current())?.token;
}

describe("resolveProvider", () => {
  it("uses the built-in openai provider with the key from the environment", async () => {
    const { settings, startsDemoServer } = resolveProvider({}, { OPENAI_API_KEY: "sk-test" });
    expect(startsDemoServer).toBe(false);
    expect(settings.baseUrl).toBe(DEFAULT_OPENAI_BASE_URL);
    expect(await tokenOf(settings)).toBe("sk-test");
    expect(settings.supportsWebsockets).toBe(true);
    expect(settings.requestMaxRetries).toBe(4);
  });

  it("prefers CODEX_API_KEY (what the Codex SDK sets) and config openai_base_url over OPENAI_BASE_URL", async () => {
    const { settings } = resolveProvider(
      { openai_base_url: "http://127.0.0.1:5/v1" },
      { OPENAI_API_KEY: "a", CODEX_API_KEY: "b", OPENAI_BASE_URL: "http://127.0.0.1:6/v1" },
    );
    expect(await tokenOf(settings)).toBe("b");
    expect(settings.baseUrl).toBe("http://127.0.0.1:5/v1");
    expect(resolveProvider({}, { OPENAI_BASE_URL: "http://127.0.0.1:6/v1" }).settings.baseUrl).toBe(
      "http://127.0.0.1:6/v1",
    );
  });

  it("refuses the real API without a key, but a custom base URL needs none", () => {
    expect(() => resolveProvider({}, {})).toThrow(/OPENAI_API_KEY/);
    expect(
      resolveProvider({ openai_base_url: "http://127.0.0.1:5/v1" }, {}).settings.credentials,
    ).toBeUndefined();
  });

  it("starts the demo provider for model_provider=demo", () => {
    const resolved = resolveProvider({ model_provider: "demo" }, {});
    expect(resolved.startsDemoServer).toBe(true);
    expect(resolved.settings.credentials).toBeUndefined();
  });

  it("resolves a custom provider from the table, with its env_key", async () => {
    const config = {
      model_provider: "local",
      ws_lanes: "connections" as const,
      model_providers: {
        local: {
          base_url: "http://127.0.0.1:7/v1",
          env_key: "LOCAL_KEY",
          supports_websockets: true,
          stream_idle_timeout_ms: 1000,
        },
      },
    };
    const { settings } = resolveProvider(config, { LOCAL_KEY: "k" });
    expect(settings).toMatchObject({
      id: "local",
      baseUrl: "http://127.0.0.1:7/v1",
      supportsWebsockets: true,
      streamIdleTimeoutMs: 1000,
      wsLanes: "connections",
    });
    expect(await tokenOf(settings)).toBe("k");
    expect(() => resolveProvider(config, {})).toThrow(/LOCAL_KEY/);
    expect(() => resolveProvider({ model_provider: "nope" }, {})).toThrow(ConfigError);
  });
});
