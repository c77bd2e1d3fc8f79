import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { BearerCredentials } from "../../auth/index.js";
import {
  authFilePath,
  authModeOf,
  credentialsFor,
  readAuthFile,
  type SignInIssuer,
  signInIssuer,
} from "../../auth/index.js";
import type { Settings } from "../../settings/index.js";
import { configPath, withTopLevelKey } from "../config/index.js";
import { namedCodexHome } from "../context/index.js";
import type { SharedFlags } from "../flags.js";
import { codexHome, type Homes, resolveHomes } from "../home.js";
import { DEFAULT_OPENAI_BASE_URL } from "./provider.js";

/** The homes of a run that matter here: where config.toml is read, and mini-codex's own. */
type SignInPlaces = Pick<Homes, "state" | "config">;

/**
 * Where mini-codex looks for `auth.json`, first found wins: the config home (where `login`
 * writes it: docs/config.md, "Which home"), the state home, then the Codex home `codex_home`
 * names — used in place, so a refresh by either program is seen by the other (they share its
 * `auth.lock`); a copy would split one rotating refresh token in two.
 */
function signInHomes(
  homes: SignInPlaces,
  config: Pick<Settings, "knowledge">,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const named = namedCodexHome(config, homes.state, env);
  return [...new Set([homes.config, homes.state, ...(named ? [named] : [])])];
}

interface FoundSignIn {
  credentials: BearerCredentials;
  /** The folder whose auth.json holds it. */
  home: string;
  /** The key itself, for an API-key sign-in (it never changes). */
  apiKey?: string;
}

export function signInIssuerOf(
  config: Pick<Settings, "provider">,
  env: NodeJS.ProcessEnv = process.env,
): SignInIssuer {
  return signInIssuer(config.provider.chatgptIssuer, env);
}

/** The first sign-in of the homes, or undefined when none holds one. */
export function findSignIn(
  homes: SignInPlaces,
  config: Pick<Settings, "knowledge" | "provider">,
  env: NodeJS.ProcessEnv = process.env,
): FoundSignIn | undefined {
  const issuer = signInIssuerOf(config, env);
  for (const where of signInHomes(homes, config, env)) {
    const credentials = credentialsFor(where, { issuer, env });
    if (!credentials) continue;
    const file = readAuthFile(authFilePath(where));
    const apiKey =
      file && authModeOf(file) === "apikey" && typeof file.OPENAI_API_KEY === "string"
        ? file.OPENAI_API_KEY
        : undefined;
    return { credentials, home: where, ...(apiKey ? { apiKey } : {}) };
  }
  return undefined;
}

/** The Codex CLI's home ($CODEX_HOME, ~/.codex) when its auth.json is there to offer and not already looked at. */
export function codexSignInToOffer(
  homes: SignInPlaces,
  config: Pick<Settings, "knowledge">,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const codex = codexHome(env);
  if (signInHomes(homes, config, env).includes(codex)) return undefined;
  return existsSync(authFilePath(codex)) ? codex : undefined;
}

/**
 * Set a top-level key of config.toml (`codex_home = "~/.codex"`), keeping every other byte:
 * the key's statement is replaced where it is, else the line ends the top level, before the
 * first table (`withTopLevelKey`: multi-line arrays and strings are not tables).
 */
export function recordTopLevelKey(home: string, key: string, value: string): void {
  const file = configPath(home);
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    mkdirSync(dirname(file), { recursive: true });
  }
  writeFileSync(file, withTopLevelKey(text, key, `${key} = ${JSON.stringify(value)}`));
}

/**
 * Whether the TUI (or an ACP session) is about to start with nothing to sign in with: the `openai` provider at
 * OpenAI's own URL, no key in the environment, no `auth.json` ($MINI_CODEX_HOME, `codex_home`),
 * and not the demo provider. Another URL (a local server) needs no key. `config`: the run's
 * config as the runtime will read it (a resumed session's provider unless flags say otherwise).
 */
export function needsSignIn(
  flags: SharedFlags,
  config: Settings,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (flags.demo) return false;
  const homes = resolveHomes(env);
  if (config.model.provider !== "openai") return false;
  const table = config.provider.tables?.openai;
  const base = (
    table?.base_url ??
    config.provider.openaiBaseUrl ??
    env.OPENAI_BASE_URL ??
    DEFAULT_OPENAI_BASE_URL
  ).replace(/\/+$/, "");
  if (base !== DEFAULT_OPENAI_BASE_URL) return false;
  if (env.CODEX_API_KEY || env.OPENAI_API_KEY || (table?.env_key && env[table.env_key]))
    return false;
  return findSignIn(homes, config, env) === undefined;
}
