import { errorMessage } from "../protocol/index.js";
import {
  type AuthDotJson,
  authFilePath,
  readAuthFile,
  type SignInTokens,
  writeAuthFile,
} from "./auth-file.js";
import {
  AuthError,
  type BearerCredentials,
  type BearerToken,
  type SignedInAccount,
} from "./credentials.js";
import { withAuthLock } from "./home-lock.js";
import type { SignInIssuer } from "./issuer.js";
import { signInClaims } from "./jwt-claims.js";
import { expired, refreshDue } from "./refresh-due.js";
import { requestRefresh, TransientRefreshError } from "./token-refresh.js";

/** The account a file's tokens act for: `tokens.account_id`, else the id token's claim. */
function accountOf(tokens: SignInTokens): string | undefined {
  const stored = tokens.account_id;
  return typeof stored === "string" && stored.length > 0
    ? stored
    : signInClaims(tokens.id_token).accountId;
}

interface SignInOptions {
  /** The folder whose `auth.json` holds the sign-in (and whose `auth.lock` guards it). */
  home: string;
  issuer: SignInIssuer;
  /** The clock (tests); default Date.now. */
  now?: () => number;
}

/**
 * A ChatGPT sign-in's tokens, kept valid (docs/config.md, "Sign in with ChatGPT"). A refresh —
 * ahead of expiry or after a 401 — happens under the home's lock and starts by reading the file
 * again: when another process (mini-codex or the Codex CLI) has refreshed meanwhile, its token
 * is taken and the issuer is not asked. A refresh token the issuer refused for good is never
 * sent again by this process; the error says to run `mini-codex login`.
 */
export class ChatgptSignIn implements BearerCredentials {
  readonly kind = "chatgpt" as const;
  private readonly path: string;
  private readonly now: () => number;
  /** Refresh tokens the issuer refused for good, with the reason. */
  private readonly refused = new Map<string, AuthError>();
  /** The refresh in flight in this process (callers meanwhile wait for it). */
  private inFlight: Promise<BearerToken> | undefined;
  /**
   * The refresh token `auth.json` still holds while this process's refreshed tokens could not
   * be written over it (a full disk): the issuer has rotated it, so the ones in memory are the
   * sign-in; they are written at the next request.
   */
  private unsavedOver: string | undefined;

  constructor(
    private readonly options: SignInOptions,
    private file: AuthDotJson & { tokens: SignInTokens },
  ) {
    this.path = authFilePath(options.home);
    this.now = options.now ?? Date.now;
  }

  account(): SignedInAccount {
    const { email, planType } = signInClaims(this.file.tokens.id_token);
    return { ...(email ? { email } : {}), ...(planType ? { planType } : {}) };
  }

  /** The tokens now held (for `login status`; never printed). */
  get tokens(): SignInTokens {
    return this.file.tokens;
  }

  async current(): Promise<BearerToken> {
    const { access_token } = this.file.tokens;
    const due = refreshDue(access_token, this.file.last_refresh, this.now());
    if (!due && this.unsavedOver === undefined) return this.bearer();
    try {
      return await this.refreshFrom(access_token, false);
    } catch (error) {
      // a token not yet expired is still good when the issuer cannot be reached
      if (error instanceof TransientRefreshError && !expired(access_token, this.now())) {
        return this.bearer();
      }
      throw error;
    }
  }

  afterUnauthorized(rejected: string): Promise<BearerToken> {
    return this.refreshFrom(rejected, true);
  }

  private bearer(): BearerToken {
    const accountId = accountOf(this.file.tokens);
    return { token: this.file.tokens.access_token, ...(accountId ? { accountId } : {}) };
  }

  private refreshFrom(stale: string, rejected: boolean): Promise<BearerToken> {
    this.inFlight ??= withAuthLock(this.options.home, () =>
      this.refreshLocked(stale, rejected),
    ).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refreshLocked(stale: string, rejected: boolean): Promise<BearerToken> {
    const onDisk = readAuthFile(this.path);
    if (!onDisk?.tokens) {
      throw new AuthError(
        `signed out: ${this.path} no longer holds a ChatGPT sign-in; run \`mini-codex login\``,
      );
    }
    const account = accountOf(this.file.tokens);
    if (accountOf(onDisk.tokens) !== account) {
      throw new AuthError(
        `${this.path} now signs in to another ChatGPT account; start again, or run \`mini-codex login\``,
      );
    }
    if (this.unsavedOver !== undefined && onDisk.tokens.refresh_token === this.unsavedOver) {
      this.save(this.file); // the file still holds what this process's refresh replaced
    } else {
      // the file as it is now: another process may have refreshed (or a new login of the same account)
      this.unsavedOver = undefined;
      this.file = onDisk as AuthDotJson & { tokens: SignInTokens };
    }
    const file = this.file;
    const replaced = file.tokens.access_token !== stale;
    // a 401 takes a token that replaced the refused one; ahead of expiry, a token not due yet
    if (
      rejected ? replaced : !refreshDue(file.tokens.access_token, file.last_refresh, this.now())
    ) {
      return this.bearer();
    }
    const refreshToken = file.tokens.refresh_token;
    const refusal = this.refused.get(refreshToken);
    if (refusal) throw refusal;
    let fresh: Awaited<ReturnType<typeof requestRefresh>>;
    try {
      fresh = await requestRefresh(
        this.options.issuer.tokenUrl,
        this.options.issuer.clientId,
        refreshToken,
      );
    } catch (error) {
      if (error instanceof AuthError) this.refused.set(refreshToken, error);
      throw error;
    }
    const next: AuthDotJson & { tokens: SignInTokens } = {
      ...file,
      tokens: {
        ...file.tokens,
        id_token: fresh.id_token ?? file.tokens.id_token,
        access_token: fresh.access_token ?? file.tokens.access_token,
        refresh_token: fresh.refresh_token ?? refreshToken,
      },
      last_refresh: new Date(this.now()).toISOString(),
    };
    this.file = next;
    const failure = this.save(next);
    if (failure) {
      this.unsavedOver ??= onDisk.tokens.refresh_token;
      throw new AuthError(
        `the ChatGPT sign-in was refreshed, but ${this.path} could not be written (${failure}): this process keeps the new tokens and writes them at its next request; free some space before it exits, or run \`mini-codex login\` then`,
      );
    }
    return this.bearer();
  }

  /** Write the file; why it could not be, else undefined (and nothing is left unsaved). */
  private save(file: AuthDotJson): string | undefined {
    try {
      writeAuthFile(this.path, file);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? errorMessage(error);
    }
    this.unsavedOver = undefined;
    return undefined;
  }
}
