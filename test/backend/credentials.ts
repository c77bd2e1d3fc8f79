import { AuthError, type BearerCredentials, type BearerToken } from "../../src/auth/credentials.js";
import { CODEX_CLIENT_ID } from "../../src/auth/issuer.js";
import { DEMO_ACCOUNT } from "../../src/demo/backend/issuer-tokens.js";
import type { DemoServer } from "../../src/demo/index.js";

const HOUR_MS = 3_600_000;

/** An access token the demo server's issuer signed: valid for `lifetimeMs` (an hour), or already expired. */
export function issuedToken(
  server: DemoServer,
  expired = false,
  lifetimeMs = HOUR_MS,
): BearerToken {
  const issuedAt = Date.now() - (expired ? 2 * HOUR_MS : 0);
  const token = server.issuer.signer.accessToken(
    DEMO_ACCOUNT,
    CODEX_CLIENT_ID,
    issuedAt,
    lifetimeMs,
  );
  return { token, accountId: DEMO_ACCOUNT.accountId };
}

/**
 * A ChatGPT sign-in as the transports see it (the interface alone: the backend's tests are about
 * the wire, the sign-in's own tests cover auth.json and its refresh): `expired` starts with a
 * token past its `exp` (`lifetimeMs`: one that lives that long), and each refresh gets a fresh
 * one from the issuer, valid an hour (`refuseRefresh`: the refresh is refused, as an issuer
 * refuses a revoked sign-in). Counts the refreshes.
 */
export function testSignIn(
  options: { expired?: boolean; lifetimeMs?: number; refuseRefresh?: string } = {},
) {
  let server: DemoServer | undefined;
  let token: BearerToken | undefined;
  const seen = { refreshes: 0 };
  const credentials: BearerCredentials = {
    kind: "chatgpt",
    current: async () => {
      if (!server) throw new Error("testSignIn: bind(server) first");
      token ??= issuedToken(server, options.expired === true, options.lifetimeMs);
      return token;
    },
    afterUnauthorized: async () => {
      seen.refreshes++;
      if (!server) throw new Error("testSignIn: bind(server) first");
      if (options.refuseRefresh) throw new AuthError(options.refuseRefresh);
      token = issuedToken(server);
      return token;
    },
  };
  return {
    credentials,
    seen,
    /** The server whose issuer mints the tokens. */
    bind(to: DemoServer) {
      server = to;
    },
  };
}

/**
 * `mini-codex exec --json` arguments signed in with ChatGPT on the demo server's Codex backend
 * (its `chatgpt_base_url` and issuer), commands unconfined; `config` adds `-c` pairs.
 */
export function backendExecArgs(
  server: Pick<DemoServer, "backendUrl" | "issuer">,
  prompt: string,
  config: string[] = [],
): string[] {
  return [
    "exec",
    "--json",
    "-c",
    `chatgpt_base_url="${server.backendUrl}"`,
    "-c",
    `chatgpt_issuer="${server.issuer.issuerUrl}"`,
    ...config.flatMap((pair) => ["-c", pair]),
    "-s",
    "danger-full-access",
    prompt,
  ];
}
