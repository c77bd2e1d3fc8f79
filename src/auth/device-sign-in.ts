import { setTimeout as sleep } from "node:timers/promises";
import { networkCause } from "../protocol/index.js";
import { exchangeCode, type IssuedTokens } from "./code-exchange.js";
import { AuthError } from "./credentials.js";
import type { SignInIssuer } from "./issuer.js";

/**
 * The device-code sign-in, for SSH and machines without a browser, as the Codex CLI does it
 * (codex-rs/login device_code_auth.rs): `POST <issuer>/api/accounts/deviceauth/usercode`
 * `{client_id}` gives a code to enter at `<issuer>/codex/device`; `…/deviceauth/token`
 * `{device_auth_id, user_code}` is polled (403/404 while waiting) until it gives an
 * authorization code with its PKCE pair, exchanged with the redirect URI
 * `<issuer>/deviceauth/callback`. Codex gives up after 15 minutes.
 */
interface DeviceCode {
  verificationUrl: string;
  userCode: string;
  deviceAuthId: string;
  intervalSeconds: number;
}

const MAX_WAIT_MS = 15 * 60_000;

async function post(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(30_000)])
        : AbortSignal.timeout(30_000),
    });
  } catch (error) {
    if (signal?.aborted) throw new AuthError("sign-in was not completed");
    throw new AuthError(
      `cannot reach the sign-in issuer ${new URL(url).origin}: ${networkCause(error)}`,
    );
  }
}

export async function requestDeviceCode(issuer: SignInIssuer): Promise<DeviceCode> {
  const response = await post(`${issuer.issuer}/api/accounts/deviceauth/usercode`, {
    client_id: issuer.clientId,
  });
  if (response.status === 404) {
    throw new AuthError(
      "device code sign-in is not enabled for this issuer: use `mini-codex login` (the browser) instead",
    );
  }
  if (!response.ok)
    throw new AuthError(`the device code request failed with status ${response.status}`);
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const userCode = json.user_code ?? json.usercode;
  const deviceAuthId = json.device_auth_id;
  if (typeof userCode !== "string" || typeof deviceAuthId !== "string") {
    throw new AuthError("the issuer's device code answer lacks the code");
  }
  const interval = Number(String(json.interval ?? "5").trim());
  return {
    verificationUrl: `${issuer.issuer}/codex/device`,
    userCode,
    deviceAuthId,
    intervalSeconds: Number.isFinite(interval) && interval > 0 ? interval : 5,
  };
}

/** Wait for the code to be approved, then exchange it. */
export async function completeDeviceSignIn(
  issuer: SignInIssuer,
  code: DeviceCode,
  signal?: AbortSignal,
): Promise<IssuedTokens> {
  const started = Date.now();
  for (;;) {
    const response = await post(
      `${issuer.issuer}/api/accounts/deviceauth/token`,
      { device_auth_id: code.deviceAuthId, user_code: code.userCode },
      signal,
    );
    if (response.ok) {
      const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      const { authorization_code: authorization, code_verifier: verifier } = json;
      if (typeof authorization !== "string" || typeof verifier !== "string") {
        throw new AuthError("the issuer's device answer lacks the authorization code");
      }
      return exchangeCode(issuer, authorization, `${issuer.issuer}/deviceauth/callback`, verifier);
    }
    if (response.status !== 403 && response.status !== 404) {
      throw new AuthError(`device sign-in failed with status ${response.status}`);
    }
    if (Date.now() - started >= MAX_WAIT_MS)
      throw new AuthError("device sign-in timed out after 15 minutes");
    await sleep(code.intervalSeconds * 1000, undefined, signal ? { signal } : {}).catch(() => {
      throw new AuthError("sign-in was not completed");
    });
  }
}
