import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { HookHandler } from "./hook-config.js";
import type { FileHashes } from "./hook-file-hashes.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The hash of a hook's configuration: the event, matcher, command and timeout. */
export function hookHash(handler: HookHandler): string {
  const { event, matcher, command, timeoutSec } = handler;
  return sha256(JSON.stringify([event, matcher ?? null, command, timeoutSec]));
}

/**
 * What trust is recorded by: the hook's configuration and the content of every file it covers
 * (`coveredPaths`), a missing file as missing. Any edit, added or removed file changes it.
 */
export function hookDigest(configHash: string, files: FileHashes): string {
  const entries = Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify([configHash, entries]));
}

/** One trusted hook: its digest and the file hashes it was taken over (to name what changed). */
export interface TrustedHook {
  digest: string;
  files: FileHashes;
}

/** Whether a hook may run: trusted, never trusted, or trusted before its files changed. */
export type TrustVerdict =
  | { trust: "trusted" }
  | { trust: "new" }
  | { trust: "changed"; changes: Array<{ path: string; how: "edited" | "added" | "removed" }> };

/** The decision, from the record of this configuration (if any) and the files as they are now. */
export function trustVerdict(
  recorded: TrustedHook | undefined,
  configHash: string,
  files: FileHashes,
): TrustVerdict {
  if (!recorded) return { trust: "new" };
  if (recorded.digest === hookDigest(configHash, files)) return { trust: "trusted" };
  const changes: Array<{ path: string; how: "edited" | "added" | "removed" }> = [];
  const paths = [...new Set([...Object.keys(recorded.files), ...Object.keys(files)])].sort();
  for (const path of paths) {
    const before = recorded.files[path] ?? null;
    const now = files[path] ?? null;
    if (before === now) continue;
    changes.push({ path, how: before === null ? "added" : now === null ? "removed" : "edited" });
  }
  return { trust: "changed", changes };
}

/** A record file's text as trusted hooks; the first format, a list of bare hashes, covered no file. */
export function parseTrustRecord(text: string): Map<string, TrustedHook> {
  const record = new Map<string, TrustedHook>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return record;
  }
  if (Array.isArray(parsed)) {
    for (const hash of parsed)
      if (typeof hash === "string") record.set(hash, { digest: hookDigest(hash, {}), files: {} });
    return record;
  }
  const hooks = (parsed as { hooks?: unknown } | null)?.hooks;
  if (typeof hooks !== "object" || hooks === null) return record;
  for (const [hash, entry] of Object.entries(hooks)) {
    const { digest, files } = (entry ?? {}) as Partial<TrustedHook>;
    if (typeof digest !== "string" || typeof files !== "object" || files === null) continue;
    record.set(hash, { digest, files });
  }
  return record;
}

/**
 * The hooks the person trusted (`$MINI_CODEX_HOME/trusted-hooks.json`: per configuration hash,
 * the digest and the file hashes it covered). An unreadable file trusts nothing.
 */
export class HookTrust {
  private readonly trusted: Map<string, TrustedHook>;

  constructor(private readonly file: string) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      // nothing trusted yet
    }
    this.trusted = parseTrustRecord(text);
  }

  verdict(handler: HookHandler, files: FileHashes): TrustVerdict {
    const hash = hookHash(handler);
    return trustVerdict(this.trusted.get(hash), hash, files);
  }

  trust(hooks: ReadonlyArray<{ handler: HookHandler; files: FileHashes }>): void {
    for (const { handler, files } of hooks) {
      const hash = hookHash(handler);
      this.trusted.set(hash, { digest: hookDigest(hash, files), files });
    }
    const hooksByHash = Object.fromEntries([...this.trusted].sort(([a], [b]) => (a < b ? -1 : 1)));
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileSync(this.file, `${JSON.stringify({ version: 2, hooks: hooksByHash }, null, 2)}\n`, {
      mode: 0o600,
    });
  }
}
