// MCP servers start in parallel when a session opens: time to ready for three real stdio
// servers started together vs one after the other. Prints one JSON line. Run after `npm run build`.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { McpManager } from "../dist/mcp/manager.js";

const modules = fileURLToPath(new URL("../node_modules/@modelcontextprotocol/", import.meta.url));
const home = mkdtempSync(join(tmpdir(), "mcp-bench-"));
const servers = {
  everything: {
    command: process.execPath,
    args: [join(modules, "server-everything/dist/index.js")],
  },
  everything2: {
    command: process.execPath,
    args: [join(modules, "server-everything/dist/index.js")],
  },
  fs: { command: process.execPath, args: [join(modules, "server-filesystem/dist/index.js"), home] },
};

async function timeStart(subset) {
  const manager = new McpManager({ servers: subset, home, cwd: home });
  const start = performance.now();
  await manager.start();
  const ms = performance.now() - start;
  const tools = manager.definitions().length;
  const specBytes = JSON.stringify(manager.definitions().map((d) => d.spec)).length;
  await manager.close();
  return { ms, tools, specBytes };
}

// one cold start first, so neither figure pays for the disk cache
await timeStart({ fs: servers.fs });
let sequential = 0;
for (const [name, config] of Object.entries(servers)) {
  sequential += (await timeStart({ [name]: config })).ms;
}
const together = await timeStart(servers);
rmSync(home, { recursive: true, force: true });
console.log(
  JSON.stringify({
    bench: "mcp-startup",
    servers: Object.keys(servers).length,
    parallel_ms: Math.round(together.ms),
    sequential_ms: Math.round(sequential),
    tools: together.tools,
    tools_json_bytes: together.specBytes,
    load_average_1m: Number(loadavg()[0].toFixed(2)),
  }),
);
