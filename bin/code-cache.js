const { isAscii } = require("node:buffer");
const { createHash } = require("node:crypto");
const {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} = require("node:fs");
// node:module itself would load Node's ES module loader (its `register`): its createRequire is
// also the CommonJS loader's, reached through this module's own class
const { createRequire } = module.constructor;
const { basename, dirname, join } = require("node:path");
const vm = require("node:vm");
const { crc32 } = require("node:zlib");

// Node 20 compiles ES modules from source on every start (module.enableCompileCache is 22+).
// A CommonJS file compiled through vm.Script can use V8's code cache: the bytecode of every
// function that ran, stored once and deserialized instead of parsed and compiled again.

/**
 * Each cache file starts with a CRC-32 of the rest, written big-endian: it tells a torn or damaged
 * file from a whole one (V8 checks only the header). SHA-256 of the 1.2 MB cache was ~32 M
 * instructions (~8 ms) of every launch; zlib's CRC-32 is ~100 times cheaper, and node:zlib is
 * loaded anyway (the WebSocket's permessage-deflate).
 */
const DIGEST_BYTES = 4;
const digest = (data) => {
  const out = Buffer.allocUnsafe(DIGEST_BYTES);
  out.writeUInt32BE(crc32(data));
  return out;
};

/**
 * Where a cache for `file` of this kind of launch lives: its name carries the file's content
 * hash (hex SHA-256, bundleFacts), Node's version and the architecture, so a rebuilt bundle or
 * another Node never reads it.
 */
function codeCachePath(contentHash, cacheDir, kind) {
  const key = createHash("sha256")
    .update(`${contentHash}\0${process.version}\0${process.arch}`)
    .digest("hex")
    .slice(0, 32);
  return join(cacheDir, `${kind}-${key}.bin`);
}

/** The record of `file` the build writes beside it: `<file>.facts.json` (writeBundleFacts). */
const factsPath = (file) => `${file}.facts.json`;

/** What the build records of the bundle: its size, SHA-256 (hex) and whether it is ASCII. */
function bundleFactsOf(bytes) {
  return {
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    ascii: isAscii(bytes),
  };
}

/** Written by the build after the bundle (build/seed-code-cache.mjs). */
function writeBundleFacts(file) {
  writeFileSync(factsPath(file), JSON.stringify(bundleFactsOf(readFileSync(file))));
}

/**
 * The bundle's facts from the build's record, read instead of hashing 2.7 MB at every launch,
 * when the record names this size and is no older than the file (an edited bundle is newer);
 * otherwise computed.
 */
function bundleFacts(file, bytes) {
  try {
    const facts = JSON.parse(readFileSync(factsPath(file), "utf8"));
    const current =
      facts.size === bytes.length &&
      typeof facts.sha256 === "string" &&
      typeof facts.ascii === "boolean" &&
      statSync(factsPath(file)).mtimeMs >= statSync(file).mtimeMs;
    if (current) return facts;
  } catch {
    // no record: computed below
  }
  return bundleFactsOf(bytes);
}

/** The cached data if the file is whole (its own checksum: V8 checks only the header). */
function readCache(path) {
  let stored;
  try {
    stored = readFileSync(path);
  } catch {
    return undefined;
  }
  const data = stored.subarray(DIGEST_BYTES);
  return digest(data).equals(stored.subarray(0, DIGEST_BYTES)) ? data : undefined;
}

/** Caches of one kind kept side by side (two installs sharing a home must not evict each other). */
const KEEP_PER_KIND = 2;

/**
 * Written whole or not at all (rename), owner-only (it is code the next launch runs), then all
 * but the newest KEEP_PER_KIND caches of this kind are removed.
 */
function writeCache(path, data) {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, Buffer.concat([digest(data), data]), { mode: 0o600 });
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  const name = path.slice(dir.length + 1);
  const kind = name.slice(0, name.lastIndexOf("-") + 1);
  const others = readdirSync(dir)
    .filter((other) => other !== name && other.startsWith(kind) && other.endsWith(".bin"))
    .map((other) => ({ path: join(dir, other), mtime: mtimeOf(join(dir, other)) }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const stale of others.slice(KEEP_PER_KIND - 1)) rmSync(stale.path, { force: true });
}

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Evaluates a CommonJS file (ASCII source; see rolldown.config.mjs) with V8's code cache from
 * `cacheDir` and returns its exports. A home with no cache yet (the first launch after an
 * install) reads the one the build seeded in `seedDir` under the same name
 * (build/seed-code-cache.mjs), never writing there. Without a usable cache it compiles from
 * source and stores one `writeAfterMs` after start (once the first screen has run) or at exit,
 * whichever is first, so the cache holds the functions a start of this `kind` ran. Caching
 * never fails the program.
 */
function requireWithCodeCache(file, { cacheDir, kind, seedDir, writeAfterMs = 5000 }) {
  const bytes = readFileSync(file);
  const facts = bundleFacts(file, bytes);
  const source = facts.ascii ? bytes.toString("latin1") : bytes.toString("utf8");
  const cachePath = codeCachePath(facts.sha256, cacheDir, kind);
  const cachedData =
    readCache(cachePath) ?? (seedDir ? readCache(join(seedDir, basename(cachePath))) : undefined);
  // one line: line numbers in stack traces stay those of the file
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (!cachedData || script.cachedDataRejected) {
    let written = false;
    const store = () => {
      if (written) return;
      written = true;
      try {
        writeCache(cachePath, script.createCachedData());
      } catch {
        // a read-only or full home: start from source next time too
      }
    };
    setTimeout(store, writeAfterMs).unref();
    process.once("exit", store);
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

exports.codeCachePath = codeCachePath;
exports.factsPath = factsPath;
exports.bundleFactsOf = bundleFactsOf;
exports.writeBundleFacts = writeBundleFacts;
exports.requireWithCodeCache = requireWithCodeCache;
