#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { bundleIsFreshAsync } from "./bundle-freshness.js";
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

// The freshness check runs on the thread pool while the bundle loads; a stale bundle is
// loaded for nothing (its modules have no side effects) and tsc's output runs instead.
const fresh = bundleIsFreshAsync();
const bundled = import("../dist/bundle/main.js").catch(() => undefined);
const { runCli } = ((await fresh) && (await bundled)) || (await import("../dist/cli/main.js"));
const code = await runCli(process.argv);
// pipes are asynchronous on some platforms: let pending output drain before exiting
const flush = (stream) => new Promise((resolve) => stream.write("", () => resolve()));
await Promise.all([flush(process.stdout), flush(process.stderr)]);
process.exit(code);
