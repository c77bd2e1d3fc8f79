#!/usr/bin/env node
// `npm run demo`: the demo in a scratch git repository, never in the checkout it runs from.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createScratchWorkspace } from "../dist/demo/scratch.js";
import { resolveHome } from "../dist/launch/home.js";
import { recordTrust } from "../dist/launch/project-trust.js";

const workspace = createScratchWorkspace();
// made here, for the demo: trusted (the TUI does not ask about it, now or on a resume)
recordTrust(resolveHome(process.env), workspace, "trusted");
const cli = fileURLToPath(new URL("./mini-codex.js", import.meta.url));
const args = [cli, "--demo", "-C", workspace, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { stdio: "inherit" });
process.stderr.write(`demo workspace kept at ${workspace}\n`);
process.exit(run.status ?? 1);
