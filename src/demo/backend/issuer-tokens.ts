import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AUTH_CLAIMS, jwtPayload, PROFILE_CLAIMS } from "../../auth/index.js";

/** Who the demo issuer signs in: one ChatGPT account, as the real issuer's tokens name it. */
export interface DemoAccount {
  accountId: string;
  userId: string;
  email: string;
  /** `chatgpt_plan_type`: plus, pro, team … */
  planType: string;
}

export const DEMO_ACCOUNT: DemoAccount = {
  accountId: "acct-demo-0001",
  userId: "user-demo-0001",
  email: "demo@mini-codex.invalid",
  planType: "plus",
};

/**
 * The demo issuer's JWTs: HS256 with a secret of this server alone (the real issuer signs
 * with RS256; clients never check either, the backend does), carrying the claims the Codex CLI
 * reads — `https://api.openai.com/auth` {chatgpt_account_id, chatgpt_plan_type,
 * chatgpt_user_id, user_id}, the email (top level in the id token, under
 * `https://api.openai.com/profile` in the access token), `iat` and `exp`.
 */
export class IssuerSigner {
  private readonly secret = randomBytes(32);

  constructor(private readonly issuerUrl: () => string) {}

  private sign(payload: Record<string, unknown>): string {
    const head = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    const signature = createHmac("sha256", this.secret)
      .update(`${head}.${body}`)
      .digest("base64url");
    return `${head}.${body}.${signature}`;
  }

  private authClaims(account: DemoAccount) {
    return {
      chatgpt_account_id: account.accountId,
      chatgpt_plan_type: account.planType,
      chatgpt_user_id: account.userId,
      user_id: account.userId,
    };
  }

  idToken(account: DemoAccount, clientId: string, nowMs: number): string {
    const iat = Math.floor(nowMs / 1000);
    return this.sign({
      iss: this.issuerUrl(),
      aud: [clientId],
      sub: account.userId,
      email: account.email,
      email_verified: true,
      iat,
      exp: iat + 3600,
      [AUTH_CLAIMS]: this.authClaims(account),
    });
  }

  accessToken(account: DemoAccount, clientId: string, nowMs: number, lifetimeMs: number): string {
    const iat = Math.floor(nowMs / 1000);
    return this.sign({
      iss: this.issuerUrl(),
      aud: ["https://api.openai.com/v1"],
      sub: account.userId,
      client_id: clientId,
      scp: ["openid", "profile", "email", "offline_access"],
      iat,
      exp: iat + Math.max(1, Math.round(lifetimeMs / 1000)),
      jti: randomBytes(8).toString("hex"),
      [AUTH_CLAIMS]: this.authClaims(account),
      [PROFILE_CLAIMS]: { email: account.email, email_verified: true },
    });
  }

  /** Whether a token is one this issuer signed and has not expired: why not, when it is not. */
  check(
    token: string,
    nowMs: number,
  ): { ok: true; accountId: string } | { ok: false; reason: string } {
    const parts = token.split(".");
    if (parts.length !== 3) return { ok: false, reason: "not a JWT" };
    const expected = createHmac("sha256", this.secret).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2] as string, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: "signature does not match" };
    }
    const payload = jwtPayload(token) ?? {};
    if (typeof payload.exp !== "number" || payload.exp * 1000 <= nowMs) {
      return { ok: false, reason: "token expired" };
    }
    const auth = (payload[AUTH_CLAIMS] ?? {}) as { chatgpt_account_id?: unknown };
    return typeof auth.chatgpt_account_id === "string"
      ? { ok: true, accountId: auth.chatgpt_account_id }
      : { ok: false, reason: "no account" };
  }
}
