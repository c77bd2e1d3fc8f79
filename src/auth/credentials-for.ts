import {
  type AuthDotJson,
  AuthFileError,
  authFilePath,
  authModeOf,
  readAuthFile,
  type SignInTokens,
} from "./auth-file.js";
import { ChatgptSignIn } from "./chatgpt-sign-in.js";
import { AuthError, type BearerCredentials } from "./credentials.js";
import { REFRESH_URL_OVERRIDE_ENV, type SignInIssuer } from "./issuer.js";

/** What a refused API key tells the person (a 401: nothing refreshes a key). */
export const API_KEY_REJECTED =
  "the API key was refused (401): check it, or sign in again with `mini-codex login`";

/** An API key never changes: a 401 means the key itself is refused. */
export function apiKeyCredentials(key: string): BearerCredentials {
  return {
    kind: "api_key",
    current: async () => ({ token: key }),
    afterUnauthorized: async () => {
      throw new AuthError(API_KEY_REJECTED);
    },
  };
}

interface CredentialsOptions {
  issuer: SignInIssuer;
  now?: () => number;
  /** For Codex's refresh-URL override (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Where these tokens are refreshed: Codex's `CODEX_REFRESH_TOKEN_URL_OVERRIDE` first, then the
 * issuer the file says issued them (`tokens.oauth_provenance`), then the configured one.
 */
function refreshIssuer(
  tokens: SignInTokens,
  configured: SignInIssuer,
  env: NodeJS.ProcessEnv = process.env,
): SignInIssuer {
  if (env[REFRESH_URL_OVERRIDE_ENV]) return configured;
  const origin = tokens.oauth_provenance?.issuer;
  if (typeof origin !== "string" || !/^https?:\/\//.test(origin)) return configured;
  const issuer = origin.replace(/\/+$/, "");
  const clientId = tokens.oauth_provenance?.client_id;
  return {
    issuer,
    tokenUrl: `${issuer}/oauth/token`,
    clientId: typeof clientId === "string" && clientId.length > 0 ? clientId : configured.clientId,
  };
}

/**
 * The credential `auth.json` of `home` holds, in the Codex CLI's format: an API key
 * (`login --with-api-key`) or a ChatGPT sign-in kept valid by refreshes; undefined when
 * there is no file or it holds neither. A file that cannot be used throws an AuthError that
 * names it and says what to do; it is left as it is.
 */
export function credentialsFor(
  home: string,
  options: CredentialsOptions,
): BearerCredentials | undefined {
  const path = authFilePath(home);
  const file = readAuthFile(path);
  if (!file) return undefined;
  return credentialsOfFile(file, path, home, options);
}

function credentialsOfFile(
  file: AuthDotJson,
  path: string,
  home: string,
  options: CredentialsOptions,
): BearerCredentials | undefined {
  const mode = authModeOf(file);
  if (mode === "apikey") {
    const key = file.OPENAI_API_KEY;
    if (typeof key !== "string" || key.length === 0) {
      throw new AuthFileError(
        `${path} says \`auth_mode = apikey\` but holds no key; run \`mini-codex login\``,
      );
    }
    return apiKeyCredentials(key);
  }
  if (mode === "chatgpt") {
    if (!file.tokens) return undefined;
    const issuer = refreshIssuer(file.tokens, options.issuer, options.env);
    return new ChatgptSignIn(
      { home, issuer, ...(options.now ? { now: options.now } : {}) },
      file as AuthDotJson & { tokens: SignInTokens },
    );
  }
  throw new AuthFileError(
    `${path} signs in with \`${String(file.auth_mode)}\`, which mini-codex cannot use; run \`mini-codex login\``,
  );
}
