import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { HookHandler } from "./hook-config.js";
import type { FileHashes } from "./hook-file-hashes.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The hash of a hook's configuration — its event, matcher, command and timeout — and of where it
 * is: `place`, the real path of its hooks.json, so that trust given in one project (or one
 * home) means nothing in another. Without `place`: the earlier key, read from older records.
 */
export function hookHash(handler: HookHandler, place?: string): string {
  const { event, matcher, command, timeoutSec } = handler;
  const config = [event, matcher ?? null, command, timeoutSec];
  return sha256(JSON.stringify(place === undefined ? config : [...config, place]));
}

/**
 * What trust is recorded by: the hook's key and the content of every file it covers
 * (`coveredPaths`), a missing file as missing. Any edit, added or removed file changes it.
 */
export function hookDigest(configHash: string, files: FileHashes): string {
  const entries = Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify([configHash, entries]));
}

/** One trusted hook: its digest, the file hashes it was taken over, and where its hooks.json is. */
interface TrustedHook {
  digest: string;
  files: FileHashes;
  /** Absent in records written before trust named the place (keyed by the earlier hash). */
  place?: string;
}

type FileChange = { path: string; how: "edited" | "added" | "removed" };

/** Whether a hook may run: trusted, never trusted (here), or trusted before its files changed. */
export type TrustVerdict =
  | { trust: "trusted" }
  /** `unplaced`: a project hook trusted by a record that did not name the place. */
  | { trust: "new"; unplaced?: true }
  | { trust: "changed"; changes: FileChange[] }
  /** What it runs cannot all be covered (hook-file-hashes.ts, Uncovered): never recorded. */
  | { trust: "uncovered" };

/** The decision, from the record of this configuration (if any) and the files as they are now. */
export function trustVerdict(
  recorded: TrustedHook | undefined,
  configHash: string,
  files: FileHashes,
): TrustVerdict {
  if (!recorded) return { trust: "new" };
  if (recorded.digest === hookDigest(configHash, files)) return { trust: "trusted" };
  const changes: FileChange[] = [];
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
    const { digest, files, place } = (entry ?? {}) as Partial<TrustedHook>;
    if (typeof digest !== "string" || typeof files !== "object" || files === null) continue;
    record.set(hash, { digest, files, ...(typeof place === "string" ? { place } : {}) });
  }
  return record;
}

function readRecord(file: string): Map<string, TrustedHook> {
  try {
    return parseTrustRecord(readFileSync(file, "utf8"));
  } catch {
    return new Map();
  }
}

/** What deciding one hook's trust is given: where it is, whether it is a project's, its files. */
interface TrustQuery {
  handler: HookHandler;
  /** The real path of its hooks.json. */
  place: string;
  /** From the project's `.codex/hooks.json` (an earlier record without a place does not count). */
  project: boolean;
  files: FileHashes;
}

/**
 * The hooks the person trusted (`$MINI_CODEX_HOME/trusted-hooks.json`: per key — configuration
 * and place — the digest, the file hashes it covered and the place). An unreadable file trusts
 * nothing. Records of the earlier formats (keyed by the configuration alone) still trust a
 * hook of a home's hooks.json; a project's hook they named asks again.
 */
export class HookTrust {
  private readonly trusted: Map<string, TrustedHook>;

  constructor(private readonly file: string) {
    this.trusted = readRecord(file);
  }

  verdict({ handler, place, project, files }: TrustQuery): TrustVerdict {
    const key = hookHash(handler, place);
    const recorded = this.trusted.get(key);
    if (recorded) return trustVerdict(recorded, key, files);
    const legacy = hookHash(handler);
    const earlier = this.trusted.get(legacy);
    if (!earlier || earlier.place !== undefined) return { trust: "new" };
    if (project) return { trust: "new", unplaced: true };
    return trustVerdict(earlier, legacy, files);
  }

  /**
   * Record trust in these hooks as their files are now. The file is read again first (another
   * mini-codex may have trusted hooks meanwhile) and replaced whole: written aside, then renamed.
   */
  trust(hooks: ReadonlyArray<Omit<TrustQuery, "project">>): void {
    const fresh = readRecord(this.file);
    for (const { handler, place, files } of hooks) {
      const key = hookHash(handler, place);
      const entry = { digest: hookDigest(key, files), files, place };
      fresh.set(key, entry);
      this.trusted.set(key, entry);
      const legacy = hookHash(handler);
      if (fresh.get(legacy)?.place === undefined) fresh.delete(legacy);
    }
    const hooksByKey = Object.fromEntries([...fresh].sort(([a], [b]) => (a < b ? -1 : 1)));
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const aside = `${this.file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      writeFileSync(aside, `${JSON.stringify({ version: 3, hooks: hooksByKey }, null, 2)}\n`, {
        mode: 0o600,
      });
      renameSync(aside, this.file);
    } finally {
      rmSync(aside, { force: true });
    }
  }
}
