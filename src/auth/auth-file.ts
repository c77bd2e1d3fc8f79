import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { errorMessage } from "../protocol/index.js";
import { AuthError } from "./credentials.js";

/**
 * `auth.json` in the Codex CLI's format (codex-rs/login auth/storage.rs `AuthDotJson`), so a
 * file either program wrote is read by the other as it is:
 *
 * ```json
 * { "auth_mode": "chatgpt", "OPENAI_API_KEY": null,
 *   "tokens": { "id_token": "<JWT>", "access_token": "<JWT>", "refresh_token": "…", "account_id": "…" },
 *   "last_refresh": "2026-12-06T19:00:00.000Z" }
 * ```
 *
 * `auth_mode` is `apikey` or `chatgpt` (absent in old files: a key means `apikey`). Keys this
 * program does not know (Codex's `agent_identity`, `personal_access_token`, …) are kept as
 * they were when mini-codex rewrites the file after a refresh.
 */
export interface AuthDotJson {
  auth_mode?: string;
  OPENAI_API_KEY?: string | null;
  tokens?: SignInTokens;
  last_refresh?: string;
  [other: string]: unknown;
}

export interface SignInTokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
  account_id?: string | null;
  /** Where the tokens were issued (Codex 0.171 writes it; refreshes go back there). */
  oauth_provenance?: { issuer?: string; client_id?: string };
  [other: string]: unknown;
}

const AUTH_FILE = "auth.json";

export function authFilePath(home: string): string {
  return join(home, AUTH_FILE);
}

/** A file that is there but cannot be used: says which and what to do; it is never overwritten silently. */
export class AuthFileError extends AuthError {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function checkedTokens(value: unknown, path: string): SignInTokens | undefined {
  if (value === undefined || value === null) return undefined;
  const bad = (what: string) =>
    new AuthFileError(`${path}: ${what}; run \`mini-codex login\` to sign in again`);
  if (!isRecord(value)) throw bad("`tokens` is not an object");
  for (const key of ["id_token", "access_token", "refresh_token"] as const) {
    if (typeof value[key] !== "string") throw bad(`\`tokens.${key}\` is missing`);
  }
  return value as SignInTokens;
}

/** The file's content checked for shape, or undefined when there is no file. */
export function readAuthFile(path: string): AuthDotJson | undefined {
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new AuthFileError(`cannot read ${path}: ${errorMessage(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // the parser's message would quote the file (a token): only say where it is
    throw new AuthFileError(
      `${path} is not valid JSON; fix it or run \`mini-codex login\` to replace it`,
    );
  }
  if (!isRecord(parsed)) {
    throw new AuthFileError(`${path} is not a JSON object; run \`mini-codex login\` to replace it`);
  }
  const key = parsed.OPENAI_API_KEY;
  if (key !== undefined && key !== null && typeof key !== "string") {
    throw new AuthFileError(`${path}: \`OPENAI_API_KEY\` is not a string`);
  }
  checkedTokens(parsed.tokens, path);
  return parsed as AuthDotJson;
}

/** How the file signs in: Codex's rule (an explicit `auth_mode`, else a key means `apikey`). */
export function authModeOf(auth: AuthDotJson): "apikey" | "chatgpt" | "other" {
  const mode = auth.auth_mode;
  if (mode === undefined || mode === null) {
    return typeof auth.OPENAI_API_KEY === "string" ? "apikey" : "chatgpt";
  }
  return mode === "apikey" || mode === "chatgpt" ? mode : "other";
}

/**
 * Write the file atomically and privately: a temporary file in the same folder (0600, created
 * exclusively), written and fsynced, renamed over `auth.json`, then the folder fsynced — a
 * reader (this program or the Codex CLI) sees the old file or the new one, never half of one.
 */
export function writeAuthFile(path: string, auth: AuthDotJson): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temporary = join(folder, `.auth-${randomBytes(6).toString("hex")}`);
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, `${JSON.stringify(auth, null, 2)}\n`);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, path);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
  syncFolder(folder);
}

function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, "r");
    fsyncSync(fd);
  } catch {
    // some file systems refuse fsync on a folder; the rename itself is atomic
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Remove the file; true when there was one. */
export function removeAuthFile(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw new AuthFileError(`cannot remove ${path}: ${errorMessage(error)}`);
  }
}

/**
 * The file a ChatGPT sign-in writes, as Codex 0.171 writes it: the account from the id token,
 * and `oauth_provenance` naming the issuer and client the tokens came from.
 */
export function signInFile(
  tokens: { id_token: string; access_token: string; refresh_token: string },
  issued: { accountId: string | undefined; issuer: string; clientId: string },
  now: Date,
): AuthDotJson {
  return {
    auth_mode: "chatgpt",
    OPENAI_API_KEY: null,
    tokens: {
      ...tokens,
      oauth_provenance: { issuer: issued.issuer, client_id: issued.clientId },
      account_id: issued.accountId ?? null,
    },
    last_refresh: now.toISOString(),
  };
}

/** The file `login --with-api-key` writes. */
export function apiKeyFile(key: string): AuthDotJson {
  return { auth_mode: "apikey", OPENAI_API_KEY: key };
}
