import { createHash, randomBytes } from "node:crypto";
import { CODEX_CLIENT_ID } from "../../auth/index.js";
import { DEMO_ACCOUNT, type DemoAccount, IssuerSigner } from "./issuer-tokens.js";

/**
 * The demo server's OAuth issuer (docs/protocol.md, "The demo issuer"): what the Codex CLI's
 * sign-in talks to at auth.openai.com, emulated with the same rules — authorization codes
 * bound to their PKCE challenge, client and redirect URI and used once; refresh tokens that
 * rotate, where presenting a used one is refused (`refresh_token_reused`) and ends the
 * whole sign-in (its newest token is revoked too, as the real issuer does); device codes
 * approved on a page; access tokens that expire (`accessTokenTtlMs`, seconds in tests).
 */
export interface IssuerOptions {
  /** Lifetime of an access token (default one hour). */
  accessTokenTtlMs?: number;
  /** The poll interval device sign-ins are told (default 5 s). */
  deviceIntervalSeconds?: number;
  account?: DemoAccount;
}

/** An OAuth error answer: status and JSON body, as the real issuer shapes them. */
export interface IssuerRefusal {
  status: number;
  body: Record<string, unknown>;
}

interface TokenSet {
  id_token: string;
  access_token: string;
  refresh_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
}

interface PendingCode {
  clientId: string;
  /** The callback it must be exchanged with; a device code's is the issuer's `/deviceauth/callback`. */
  redirectUri: string;
  challenge: string;
  expiresAt: number;
}

interface RefreshGrant {
  family: string;
  used: boolean;
}

interface DeviceAuth {
  userCode: string;
  approved: boolean;
  verifier: string;
  expiresAt: number;
}

const CODE_TTL_MS = 10 * 60_000;
const DEVICE_TTL_MS = 15 * 60_000;
const SCOPE = "openid profile email offline_access";

function refusal(status: number, code: string, description: string): IssuerRefusal {
  return { status, body: { error: code, error_description: description } };
}

/** The refresh refusal Codex classifies by `error.code` (a 401: final). */
function refreshRefusal(code: string, message: string): IssuerRefusal {
  return { status: 401, body: { error: { message, type: "invalid_request_error", code } } };
}

function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** A redirect URI the demo accepts: the CLI's loopback callback (the real one allow-lists 1455 and 1457). */
function loopbackCallback(uri: string): boolean {
  try {
    const url = new URL(uri);
    return (
      url.protocol === "http:" &&
      (url.hostname === "localhost" || url.hostname === "127.0.0.1") &&
      url.pathname === "/auth/callback"
    );
  } catch {
    return false;
  }
}

export class DemoIssuer {
  readonly signer: IssuerSigner;
  readonly account: DemoAccount;
  accessTokenTtlMs: number;
  readonly deviceIntervalSeconds: number;
  /** Every grant the token endpoint answered, in order (grant type and outcome; no token). */
  readonly grants: Array<{ grantType: string; ok: boolean; error?: string }> = [];
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();
  private readonly revokedFamilies = new Set<string>();
  private readonly devices = new Map<string, DeviceAuth>();
  private url = "";

  constructor(options: IssuerOptions = {}) {
    this.account = options.account ?? DEMO_ACCOUNT;
    this.accessTokenTtlMs = options.accessTokenTtlMs ?? 3_600_000;
    this.deviceIntervalSeconds = options.deviceIntervalSeconds ?? 5;
    this.signer = new IssuerSigner(() => this.url);
  }

  /** The issuer's base URL (set when the server listens). */
  get issuerUrl(): string {
    return this.url;
  }

  listening(url: string): void {
    this.url = url;
  }

  /** How many refresh grants were answered with new tokens. */
  get refreshes(): number {
    return this.grants.filter((g) => g.grantType === "refresh_token" && g.ok).length;
  }

  /** `/oauth/authorize`: the code to redirect with, or why the request is refused. */
  authorize(query: URLSearchParams, now: number): { code: string } | IssuerRefusal {
    if (query.get("response_type") !== "code") {
      return refusal(400, "unsupported_response_type", "response_type must be code");
    }
    const clientId = query.get("client_id") ?? "";
    if (clientId !== CODEX_CLIENT_ID) return refusal(400, "invalid_client", "unknown client_id");
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!loopbackCallback(redirectUri)) {
      return refusal(400, "invalid_request", "redirect_uri is not an allowed callback");
    }
    const challenge = query.get("code_challenge") ?? "";
    if (challenge.length < 43 || query.get("code_challenge_method") !== "S256") {
      return refusal(400, "invalid_request", "a PKCE S256 code_challenge is required");
    }
    if (!query.get("state")) return refusal(400, "invalid_request", "state is required");
    const scopes = (query.get("scope") ?? "").split(" ");
    if (!scopes.includes("openid") || !scopes.includes("offline_access")) {
      return refusal(400, "invalid_scope", "scope must include openid and offline_access");
    }
    const code = randomBytes(24).toString("base64url");
    this.codes.set(code, { clientId, redirectUri, challenge, expiresAt: now + CODE_TTL_MS });
    return { code };
  }

  /** `/oauth/token`: the grant's answer. */
  token(
    params: Record<string, string>,
    now: number,
  ): TokenSet | { access_token: string } | IssuerRefusal {
    const grantType = params.grant_type ?? "";
    const answer = this.grant(grantType, params, now);
    const error = "status" in answer ? errorCode(answer) : undefined;
    this.grants.push({ grantType, ok: error === undefined, ...(error ? { error } : {}) });
    return answer;
  }

  private grant(grantType: string, params: Record<string, string>, now: number) {
    if (params.client_id !== CODEX_CLIENT_ID)
      return refusal(401, "invalid_client", "unknown client_id");
    if (grantType === "authorization_code") return this.exchangeCode(params, now);
    if (grantType === "refresh_token") return this.refresh(params.refresh_token ?? "", now);
    if (grantType === "urn:ietf:params:oauth:grant-type:token-exchange") {
      // Codex's `obtain_api_key`: an id token this issuer signed buys an API-key-like token
      const checked = this.signer.check(params.subject_token ?? "", now);
      if (!checked.ok || params.requested_token !== "openai-api-key") {
        return refusal(400, "invalid_grant", "subject_token is not a valid id token");
      }
      return { access_token: `sk-demo-${randomBytes(12).toString("hex")}` };
    }
    return refusal(
      400,
      "unsupported_grant_type",
      `grant_type ${grantType || "(none)"} is not supported`,
    );
  }

  private exchangeCode(params: Record<string, string>, now: number): TokenSet | IssuerRefusal {
    const pending = this.codes.get(params.code ?? "");
    if (!pending)
      return refusal(400, "invalid_grant", "authorization code is invalid or was already used");
    this.codes.delete(params.code ?? "");
    if (pending.expiresAt <= now)
      return refusal(400, "invalid_grant", "authorization code expired");
    if (!sameCallback(params.redirect_uri ?? "", pending.redirectUri)) {
      return refusal(400, "invalid_grant", "redirect_uri does not match the authorization request");
    }
    if (pkceChallenge(params.code_verifier ?? "") !== pending.challenge) {
      return refusal(400, "invalid_grant", "code_verifier does not match the code_challenge");
    }
    return this.issue(randomBytes(8).toString("hex"), now);
  }

  private refresh(refreshToken: string, now: number): TokenSet | IssuerRefusal {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant) return refreshRefusal("refresh_token_invalidated", "refresh token is not valid");
    if (this.revokedFamilies.has(grant.family)) {
      return refreshRefusal("refresh_token_invalidated", "refresh token was revoked");
    }
    if (grant.used) {
      // a refresh token presented twice: the sign-in may be stolen, so all of it ends
      this.revokedFamilies.add(grant.family);
      return refreshRefusal("refresh_token_reused", "refresh token has already been used");
    }
    grant.used = true;
    return this.issue(grant.family, now);
  }

  private issue(family: string, now: number): TokenSet {
    const refreshToken = `rt_${randomBytes(24).toString("base64url")}`;
    this.refreshTokens.set(refreshToken, { family, used: false });
    return {
      id_token: this.signer.idToken(this.account, CODEX_CLIENT_ID, now),
      access_token: this.signer.accessToken(
        this.account,
        CODEX_CLIENT_ID,
        now,
        this.accessTokenTtlMs,
      ),
      refresh_token: refreshToken,
      token_type: "Bearer",
      expires_in: Math.round(this.accessTokenTtlMs / 1000),
      scope: SCOPE,
    };
  }

  /** `/api/accounts/deviceauth/usercode`. */
  deviceCode(clientId: string | undefined, now: number) {
    if (clientId !== CODEX_CLIENT_ID) return refusal(400, "invalid_client", "unknown client_id");
    const deviceAuthId = `deviceauth_${randomBytes(12).toString("hex")}`;
    const userCode =
      `${randomBytes(2).toString("hex")}-${randomBytes(3).toString("hex")}`.toUpperCase();
    this.devices.set(deviceAuthId, {
      userCode,
      approved: false,
      verifier: randomBytes(32).toString("base64url"),
      expiresAt: now + DEVICE_TTL_MS,
    });
    // Codex reads `interval` as a string of seconds
    return {
      device_auth_id: deviceAuthId,
      user_code: userCode,
      interval: String(this.deviceIntervalSeconds),
    };
  }

  /** The page at `/codex/device`: approve the sign-in that shows this code. */
  approveDevice(userCode: string, now: number): boolean {
    const wanted = userCode.trim().toUpperCase();
    for (const device of this.devices.values()) {
      if (device.userCode === wanted && device.expiresAt > now) {
        device.approved = true;
        return true;
      }
    }
    return false;
  }

  /** `/api/accounts/deviceauth/token`: 403 while pending, then a code with its PKCE pair, once. */
  pollDevice(deviceAuthId: string | undefined, userCode: string | undefined, now: number) {
    const device = this.devices.get(deviceAuthId ?? "");
    if (!device || device.userCode !== userCode || device.expiresAt <= now) {
      return refusal(404, "invalid_request", "unknown or expired device code");
    }
    if (!device.approved)
      return refusal(403, "authorization_pending", "the code has not been approved yet");
    this.devices.delete(deviceAuthId ?? "");
    const challenge = pkceChallenge(device.verifier);
    const redirectUri = `${this.url}/deviceauth/callback`;
    const code = randomBytes(24).toString("base64url");
    this.codes.set(code, {
      clientId: CODEX_CLIENT_ID,
      redirectUri,
      challenge,
      expiresAt: now + CODE_TTL_MS,
    });
    return { authorization_code: code, code_challenge: challenge, code_verifier: device.verifier };
  }
}

/** The issuer's own callback may be named by any of its host names (127.0.0.1, localhost). */
function sameCallback(given: string, expected: string): boolean {
  if (given === expected) return true;
  try {
    const a = new URL(given);
    const b = new URL(expected);
    return a.pathname === "/deviceauth/callback" && b.pathname === a.pathname && a.port === b.port;
  } catch {
    return false;
  }
}

function errorCode(refused: IssuerRefusal): string {
  const error = refused.body.error;
  if (typeof error === "string") return error;
  return String((error as { code?: unknown } | undefined)?.code ?? "error");
}
