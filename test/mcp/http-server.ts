import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { EVERYTHING_ENTRY } from "./servers.js";

/** Inodes of the sockets a process holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // the fd closed meanwhile
    }
  }
  return inodes;
}

/** The TCP port a process listens on (Linux /proc), once it does. */
function listeningPort(pid: number): number | undefined {
  const inodes = socketInodes(pid);
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols: sl local_address rem_address st ... inode (10th)
      if (cols[3] === "0A" && cols[9] && inodes.has(cols[9])) {
        return Number.parseInt(cols[1]?.split(":")[1] ?? "", 16);
      }
    }
  }
  return undefined;
}

export interface HttpMcpServer {
  url: string;
  process: ChildProcess;
  stop(): void;
}

/** `server-everything streamableHttp` on a port the system picks (PORT=0). */
export async function startEverythingHttp(): Promise<HttpMcpServer> {
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, "streamableHttp"], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const pid = child.pid as number;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the HTTP server exited: ${stderr}`);
    const port = /listening on port/.test(stderr) ? listeningPort(pid) : undefined;
    if (port)
      return { url: `http://127.0.0.1:${port}/mcp`, process: child, stop: () => child.kill() };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** test/fixtures/mcp/echo-headers-http.mjs: its `headers` tool answers with the credentials it was sent. */
export async function startEchoHeadersHttp(): Promise<HttpMcpServer> {
  const entry = new URL("../fixtures/mcp/echo-headers-http.mjs", import.meta.url);
  const child = spawn(process.execPath, [entry.pathname], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
      if (out.includes("\n")) resolve(out.trim());
    });
    child.once("exit", (code) => reject(new Error(`the HTTP server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, process: child, stop: () => child.kill() };
}
