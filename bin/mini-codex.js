#!/usr/bin/env node
// CommonJS (bin/package.json): an ES-module entry would start Node's ES module loader first,
// ~25 M instructions of every launch before any of the CLI runs (bench/startup).
const { readFileSync } = require("node:fs");
const { join, resolve } = require("node:path");

const write = (stream, text) => new Promise((done) => stream.write(text, () => done()));

async function main() {
  // `--version` alone is answered here, before any of the CLI loads (as commander would print it)
  const args = process.argv.slice(2);
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
    const { version } = JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8"));
    await write(process.stdout, `${version}\n`);
    return 0;
  }
  // `--help` alone likewise, from the text the build rendered, while it is what commander would print
  const help = require("./prerendered-help.js").prerenderedHelp(args);
  if (help !== undefined) {
    await write(process.stdout, help);
    return 0;
  }
  // a Codex CLI user's custom CA (CODEX_CA_CERTIFICATE): the launch runs again with Node trusting it
  const authority = require("./certificate-authority.js");
  const relaunched = authority.settleRelaunchedEnvironment(process.env);
  const plan = relaunched ? { kind: "none" } : authority.certificateAuthorityPlan(process.env);
  if (plan.kind === "unreadable") {
    await write(process.stderr, `mini-codex: ${plan.message}\n`);
    return 1;
  }
  if (plan.kind === "relaunch")
    return authority.relaunchWithCertificateAuthority(plan.files, homeDir());
  // exec from the cache: 156 vs 197 ms of CPU to its first request; the first exec in a home pays
  // for compiling the whole file and writing the cache (bench/startup: exec_cold_first_request_ms)
  const { looksLikeTuiLaunch } = require("./launch-kind.js");
  const kind = looksLikeTuiLaunch(args) ? "tui" : args.includes("exec") ? "exec" : undefined;
  // A stale bundle is not run: the next form runs instead, tsc's output last.
  const { runCli } =
    (kind && codeCachedCli(kind)) || (await bundledCli()) || (await import("../dist/cli/main.js"));
  const code = await runCli(process.argv);
  // pipes are asynchronous on some platforms: let pending output drain before exiting
  await Promise.all([write(process.stdout, ""), write(process.stderr, "")]);
  return code;
}

/**
 * The TUI and exec: the one-file CommonJS bundle compiled with V8's code cache under
 * $MINI_CODEX_HOME, one cache per kind of launch (the functions that kind runs).
 */
function codeCachedCli(kind) {
  const { bundleIsFresh } = require("./bundle-freshness.js");
  if (!bundleIsFresh(undefined, "bundle-cjs/mini-codex.cjs")) return undefined;
  const home = homeDir();
  const { requireWithCodeCache } = require("./code-cache.js");
  const file = join(__dirname, "..", "dist", "bundle-cjs", "mini-codex.cjs");
  const seedDir = join(__dirname, "..", "dist", "bundle-cjs", "code-cache");
  return requireWithCodeCache(file, { cacheDir: join(home, "cache", "code"), kind, seedDir });
}

/** $MINI_CODEX_HOME, as the CLI resolves it (the code caches and joined CA files live there). */
function homeDir() {
  return resolve(process.env.MINI_CODEX_HOME || join(require("node:os").homedir(), ".mini-codex"));
}

/**
 * The ES-module bundle, when it is fresh. An installed package has no tsc output to fall back on
 * (package.json "files"): there the bundle's own error is the one to show.
 */
async function bundledCli() {
  if (!require("./bundle-freshness.js").bundleIsFresh()) return undefined;
  return import("../dist/bundle/main.js").catch((error) => {
    if (!require("node:fs").existsSync(join(__dirname, "..", "dist", "cli", "main.js")))
      throw error;
    return undefined;
  });
}

main().then((code) => process.exit(code));
