import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiKeyFile, authFilePath, writeAuthFile } from "../../src/auth/auth-file.js";
import type { BearerCredentials } from "../../src/auth/credentials.js";
import { apiKeyCredentials } from "../../src/auth/credentials-for.js";
import { ConfigError } from "../../src/launch/errors.js";
import { resolveProvider as providerOf } from "../../src/launch/provider/provider.js";
import { recordTopLevelKey, findSignIn as signInOf } from "../../src/launch/provider/sign-in.js";
import { type MiniCodexConfig, resolveSettings } from "../../src/settings/index.js";

/** resolveProvider over config.toml's keys as written (the rest resolved as launch does). */
function resolveProvider(
  config: MiniCodexConfig,
  ...rest: Parameters<typeof providerOf> extends [unknown, ...infer R] ? R : never
) {
  return providerOf(resolveSettings(config), ...rest);
}

/** findSignIn over config.toml's keys as written. */
function findSignIn(
  homes: Parameters<typeof signInOf>[0],
  config: MiniCodexConfig,
  env: NodeJS.ProcessEnv,
) {
  return signInOf(homes, resolveSettings(config), env);
}

let root: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-sign-in-"));
  home = join(root, "home");
  mkdirSync(home);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("where the sign-in is found", () => {
  it("$MINI_CODEX_HOME first, then codex_home's auth.json, used where it is", () => {
    const codex = join(root, "codex");
    writeAuthFile(authFilePath(codex), apiKeyFile("sk-test-from-codex-home"));
    expect(findSignIn({ state: home, config: home }, {}, {})).toBeUndefined();
    const viaCodex = findSignIn({ state: home, config: home }, { codex_home: codex }, {});
    expect(viaCodex?.home).toBe(codex);
    expect(viaCodex?.apiKey).toBe("sk-test-from-codex-home");
    writeAuthFile(authFilePath(home), apiKeyFile("sk-test-own-home-key"));
    expect(findSignIn({ state: home, config: home }, { codex_home: codex }, {})?.apiKey).toBe(
      "sk-test-own-home-key",
    );
  });

  it("the openai provider: CODEX_API_KEY, then the stored sign-in, then OPENAI_API_KEY", async () => {
    const stored = () => apiKeyCredentials("sk-test-stored-key");
    const token = async (
      env: NodeJS.ProcessEnv,
      signedIn: () => BearerCredentials | undefined = stored,
    ) => (await resolveProvider({}, env, signedIn).settings.credentials?.current())?.token;
    expect(await token({})).toBe("sk-test-stored-key");
    // a person who signed in gets what they signed in with over a stray OPENAI_API_KEY
    expect(await token({ OPENAI_API_KEY: "sk-env" })).toBe("sk-test-stored-key");
    expect(await token({ CODEX_API_KEY: "sk-codex-env" })).toBe("sk-codex-env");
    expect(await token({ OPENAI_API_KEY: "sk-env" }, () => undefined)).toBe("sk-env");
    expect(() => resolveProvider({}, {}, () => undefined)).toThrow(/mini-codex login/);
    expect(() => resolveProvider({}, {}, () => undefined)).toThrow(ConfigError);
  });

  it("codex_home is recorded as a top-level key, before the first table, keeping the rest", () => {
    writeFileSync(
      join(home, "config.toml"),
      'model = "gpt-5"\n\n[projects."/x"]\ntrust_level = "trusted"\n',
    );
    recordTopLevelKey(home, "codex_home", "~/.codex");
    const text = readFileSync(join(home, "config.toml"), "utf8");
    expect(text.indexOf('codex_home = "~/.codex"')).toBeLessThan(text.indexOf("[projects"));
    expect(text).toContain('trust_level = "trusted"');
    recordTopLevelKey(home, "codex_home", "/elsewhere");
    expect(readFileSync(join(home, "config.toml"), "utf8").match(/codex_home/g)).toHaveLength(1);
  });
});
