import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BearerCredentials } from "../../auth/index.js";
import { type ModelFacts, parseCodexCatalog } from "../../models/index.js";
import { sentCredentials } from "../../protocol/index.js";
import { PRIVATE_DIR, PRIVATE_FILE_MODE } from "../../session/index.js";
import { afterFirstRequestWritten, clientIdentity } from "../../transport/index.js";
import { getJson } from "./json-get.js";

/**
 * Model discovery (docs/config.md, "Models"): a provider's `GET {base_url}/models` in the
 * Codex CLI's `{"models":[…]}` format, cached under $MINI_CODEX_HOME with its ETag. Start-up
 * reads only the cache; the fetch runs in the background after start-up and never delays a
 * request, and whatever it finds applies from the next model lookup on.
 */

const FETCH_TIMEOUT_MS = 5_000;

interface CacheFile {
  fetched_at: string;
  url: string;
  etag?: string;
  /** The entries as served (parsed again on every start, so a newer reader reads more). */
  models: unknown[];
}

/**
 * `{base_url}/models`, or `model_catalog_url`. The Codex backend's is
 * `{base}/models?client_version=<version>`, as the Codex CLI asks it.
 */
export function catalogUrl(baseUrl: string, configured?: string, clientVersion?: string): string {
  if (configured) return configured;
  const url = `${baseUrl.replace(/\/+$/, "")}/models`;
  return clientVersion ? `${url}?client_version=${encodeURIComponent(clientVersion)}` : url;
}

/**
 * The catalog request's headers: the credential's token of the moment (noted as sent) and, on
 * the Codex backend, the ChatGPT headers the Codex CLI sends with it (account, version, identity).
 */
export async function catalogHeaders(options: {
  credentials?: BearerCredentials | undefined;
  codexBackend?: boolean | undefined;
  version: string;
}): Promise<Record<string, string>> {
  if (!options.credentials) return {};
  const token = await options.credentials.current();
  sentCredentials.add(token.token);
  const headers: Record<string, string> = { Authorization: `Bearer ${token.token}` };
  if (!options.codexBackend) return headers;
  return {
    ...headers,
    version: options.version,
    ...clientIdentity(options.version),
    ...(token.accountId ? { "chatgpt-account-id": token.accountId } : {}),
  };
}

function cachePath(home: string, url: string): string {
  const id = createHash("sha256").update(url).digest("hex").slice(0, 16);
  return join(home, "models", `catalog-${id}.json`);
}

function readCache(home: string, url: string): CacheFile | undefined {
  try {
    const file = JSON.parse(readFileSync(cachePath(home, url), "utf8")) as CacheFile;
    return file.url === url && Array.isArray(file.models) ? file : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(home: string, file: CacheFile): void {
  const path = cachePath(home, file.url);
  mkdirSync(join(home, "models"), PRIVATE_DIR);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(file), { mode: PRIVATE_FILE_MODE });
  renameSync(temp, path);
}

/** The facts the cached catalog of `url` holds (none when nothing was cached yet). */
export function cachedModels(home: string, url: string): ModelFacts[] {
  const cache = readCache(home, url);
  return cache ? parseCodexCatalog({ models: cache.models }).models : [];
}

/**
 * A model refused an in-band effort change: the cache says so too, so later sessions do not
 * try again (until the provider's catalog changes and is fetched anew).
 */
export function markNoEffortUpdates(home: string, url: string, slug: string): void {
  const cache = readCache(home, url);
  if (!cache) return;
  const models = cache.models.map((entry) =>
    typeof entry === "object" && entry !== null && (entry as { slug?: unknown }).slug === slug
      ? { ...entry, supports_reasoning_effort_updates: false }
      : entry,
  );
  writeCache(home, { ...cache, models });
}

export interface CatalogRefresh {
  /** Settles when the fetch ended (tests and benchmarks wait for it). */
  readonly done: Promise<void>;
  stop(): void;
}

/**
 * Fetch the catalog in the background (conditional on the cached ETag). A new catalog is
 * cached and handed to `onModels`; a 304, an error or a catalog without models change nothing.
 */
export function refreshCatalog(options: {
  home: string;
  url: string;
  /** The request's credential headers, asked when the fetch starts (tokens change). */
  headers?: () => Promise<Record<string, string>>;
  onModels(models: ModelFacts[]): void;
}): CatalogRefresh {
  const controller = new AbortController();
  const run = async () => {
    // after the first request is written: loading fetch (undici) and the GET would delay it
    await new Promise<void>((resolve) => afterFirstRequestWritten(resolve));
    if (controller.signal.aborted) return;
    const cached = readCache(options.home, options.url);
    const credentialHeaders = (await options.headers?.()) ?? {};
    const response = await getJson(
      options.url,
      {
        Accept: "application/json",
        ...credentialHeaders,
        ...(cached?.etag ? { "If-None-Match": cached.etag } : {}),
      },
      AbortSignal.any([controller.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
    );
    if (response.status !== 200) return;
    // the catalog is server text (descriptions, instructions): shown and sent on, so cleaned too
    const body = sentCredentials.scrubValue(response.body ?? {}) as { models?: unknown };
    const parsed = parseCodexCatalog(body);
    if (!Array.isArray(body.models) || parsed.models.length === 0) return;
    const etag = response.header("etag") ?? response.header("x-models-etag");
    writeCache(options.home, {
      fetched_at: new Date().toISOString(),
      url: options.url,
      ...(etag ? { etag } : {}),
      models: body.models,
    });
    options.onModels(parsed.models);
  };
  const done = run().catch(() => {}); // discovery only ever adds knowledge
  return { done, stop: () => controller.abort() };
}
