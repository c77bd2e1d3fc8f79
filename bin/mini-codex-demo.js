#!/usr/bin/env node
// `npm run demo`: the demo in a scratch git repository, never in the checkout it runs from.
// CommonJS like the rest of bin/ (bin/package.json); tsc's output is ES modules: imported.
const { spawnSync } = require("node:child_process");
const { join } = require("node:path");

async function main() {
  const { createScratchWorkspace } = await import("../dist/demo/model/scratch.js");
  const { resolveHome } = await import("../dist/launch/home.js");
  const { recordTrust } = await import("../dist/launch/project-trust.js");
  const workspace = createScratchWorkspace();
  // made here, for the demo: trusted (the TUI does not ask about it, now or on a resume)
  recordTrust(resolveHome(process.env), workspace, "trusted");
  const cli = join(__dirname, "mini-codex.js");
  const args = [cli, "--demo", "-C", workspace, ...process.argv.slice(2)];
  const run = spawnSync(process.execPath, args, { stdio: "inherit" });
  process.stderr.write(`demo workspace kept at ${workspace}\n`);
  return run.status ?? 1;
}

main().then((code) => process.exit(code));
