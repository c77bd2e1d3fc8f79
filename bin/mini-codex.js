#!/usr/bin/env node
import { bundleIsFresh } from "./bundle-freshness.js";

const { runCli } = bundleIsFresh()
  ? await import("../dist/bundle/main.js")
  : await import("../dist/cli/main.js");
const code = await runCli(process.argv);
// pipes are asynchronous on some platforms: let pending output drain before exiting
const flush = (stream) => new Promise((resolve) => stream.write("", () => resolve()));
await Promise.all([flush(process.stdout), flush(process.stderr)]);
process.exit(code);
