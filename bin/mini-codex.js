#!/usr/bin/env node
import { statSync } from "node:fs";

// dist/bundle (rolldown over tsc's output) starts twice as fast; use it unless it is older
// than the tsc output it was made from (e.g. after a bare `tsc`).
function bundleIsFresh() {
  try {
    const bundle = statSync(new URL("../dist/bundle/main.js", import.meta.url)).mtimeMs;
    return bundle >= statSync(new URL("../dist/cli/main.js", import.meta.url)).mtimeMs;
  } catch {
    return false;
  }
}

const { runCli } = bundleIsFresh()
  ? await import("../dist/bundle/main.js")
  : await import("../dist/cli/main.js");
const code = await runCli(process.argv);
// pipes are asynchronous on some platforms: let pending output drain before exiting
const flush = (stream) => new Promise((resolve) => stream.write("", () => resolve()));
await Promise.all([flush(process.stdout), flush(process.stderr)]);
process.exit(code);
