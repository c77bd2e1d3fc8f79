/**
 * Where a ChatGPT sign-in is made and refreshed: the Codex CLI's OAuth issuer and client
 * (codex-rs/login: `DEFAULT_ISSUER`, `CLIENT_ID`, `REFRESH_TOKEN_URL`), overridable for the
 * demo issuer and tests by the same names Codex uses — `login --experimental_issuer URL` and
 * `CODEX_REFRESH_TOKEN_URL_OVERRIDE` — and by mini-codex's config key `chatgpt_issuer`
 * (docs/config.md, "Sign in with ChatGPT").
 */
const DEFAULT_ISSUER = "https://auth.openai.com";
export const CODEX_CLIENT_ID = "app_EMoamEEZ73f0CkXaXp7hrann";
export const REFRESH_URL_OVERRIDE_ENV = "CODEX_REFRESH_TOKEN_URL_OVERRIDE";

export interface SignInIssuer {
  /** Base URL: `/oauth/authorize`, `/oauth/token`, `/api/accounts/deviceauth/…`, `/codex/device`. */
  issuer: string;
  /** Where refresh tokens are exchanged (Codex's override applies to it alone). */
  tokenUrl: string;
  clientId: string;
}

/** The issuer from `chatgpt_issuer` (or the login flag) and the environment. */
export function signInIssuer(
  configured: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): SignInIssuer {
  const issuer = (configured && configured.length > 0 ? configured : DEFAULT_ISSUER).replace(
    /\/+$/,
    "",
  );
  const override = env[REFRESH_URL_OVERRIDE_ENV];
  return {
    issuer,
    tokenUrl: override && override.length > 0 ? override : `${issuer}/oauth/token`,
    clientId: CODEX_CLIENT_ID,
  };
}
