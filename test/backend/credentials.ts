import type { BearerCredentials, BearerToken } from "../../src/auth/credentials.js";
import { demoAccessToken } from "../../src/demo/backend-token.js";

/**
 * A ChatGPT sign-in as the transports see it, with tokens the demo backend takes: `expired`
 * starts with a token past its `exp` (the backend answers 401), and every refresh mints a
 * fresh one. Counts the refreshes.
 */
export function testSignIn(options: { accountId?: string; expired?: boolean } = {}) {
  const accountId = options.accountId ?? "acct-test";
  const mint = (offsetSeconds: number): BearerToken => ({
    token: demoAccessToken(accountId, Math.floor(Date.now() / 1000) + offsetSeconds),
    accountId,
  });
  let token = mint(options.expired ? -60 : 3600);
  const seen = { refreshes: 0, rejected: [] as string[] };
  const credentials: BearerCredentials = {
    kind: "chatgpt",
    current: async () => token,
    afterUnauthorized: async (rejected) => {
      seen.refreshes++;
      seen.rejected.push(rejected);
      token = mint(3600);
      return token;
    },
  };
  return { credentials, seen, token: () => token.token };
}
