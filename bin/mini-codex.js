#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "./bundle-freshness.js";
import { looksLikeTuiLaunch } from "./launch-kind.js";
import { prerenderedHelp } from "./prerendered-help.js";

// `--version` alone is answered here, before any of the CLI loads (as commander would print it)
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  await new Promise((resolve) => process.stdout.write(`${version}\n`, resolve));
  process.exit(0);
}
// `--help` alone likewise, from the text the build rendered, while it is what commander would print
const help = prerenderedHelp(args);
if (help !== undefined) {
  await new Promise((resolve) => process.stdout.write(help, resolve));
  process.exit(0);
}

/**
 * The TUI and exec: the one-file CommonJS bundle compiled with V8's code cache under
 * $MINI_CODEX_HOME, one cache per kind of launch (the functions that kind runs).
 */
async function codeCachedCli(kind) {
  if (!bundleIsFresh(undefined, "bundle-cjs/mini-codex.cjs")) return undefined;
  const home = resolve(process.env.MINI_CODEX_HOME || join(homedir(), ".mini-codex"));
  const { requireWithCodeCache } = await import("./code-cache.js");
  const file = fileURLToPath(new URL("../dist/bundle-cjs/mini-codex.cjs", import.meta.url));
  const seedDir = fileURLToPath(new URL("../dist/bundle-cjs/code-cache/", import.meta.url));
  return requireWithCodeCache(file, { cacheDir: join(home, "cache", "code"), kind, seedDir });
}

/** The ES-module bundle, when it is fresh. */
async function bundledCli() {
  if (!bundleIsFresh()) return undefined;
  return import("../dist/bundle/main.js").catch(() => undefined);
}

// exec from the cache: 156 vs 197 ms of CPU to its first request; the first exec in a home pays
// for compiling the whole file and writing the cache (bench/startup: exec_cold_first_request_ms)
const kind = looksLikeTuiLaunch(args) ? "tui" : args.includes("exec") ? "exec" : undefined;
// A stale bundle is not run: the next form runs instead, tsc's output last.
const { runCli } =
  (kind && (await codeCachedCli(kind))) ||
  (await bundledCli()) ||
  (await import("../dist/cli/main.js"));
const code = await runCli(process.argv);
// pipes are asynchronous on some platforms: let pending output drain before exiting
const flush = (stream) => new Promise((resolve) => stream.write("", () => resolve()));
await Promise.all([flush(process.stdout), flush(process.stderr)]);
process.exit(code);
