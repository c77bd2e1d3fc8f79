// Shared by the session benchmarks (not a benchmark itself): a real session from dist/ against
// an in-process demo server, with the WebSocket transport wrapped to time what crosses it.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildInitialContext } from "../../dist/session/context/environment.js";
import { createToolRouter } from "../../dist/tools/index.js";
import { WebSocketTransport } from "../../dist/transport/websocket.js";
import { createSession } from "../../dist/turn/agent-session.js";

/** Hooks called with performance.now() as requests leave and `response.completed` arrives. */
export function timedTransport(marks) {
  return (endpoint) => {
    const ws = new WebSocketTransport(endpoint, Date.now);
    const stream = ws.stream.bind(ws);
    ws.stream = (request, signal) => {
      marks.onSend?.(performance.now(), request);
      const events = stream(request, signal);
      return (async function* () {
        for await (const event of events) {
          if (event.type === "response.completed") marks.onCompleted?.(performance.now(), event);
          yield event;
        }
      })();
    };
    return ws;
  };
}

export const BIN = fileURLToPath(new URL("../../bin/mini-codex.js", import.meta.url));

/**
 * `mini-codex demo-server` in its own process, so its work never lands on the client's event
 * loop or in its memory figures. `stop()` ends it by its pid.
 */
export async function demoServerProcess(extraArgs = []) {
  const child = spawn(process.execPath, [BIN, "demo-server", "--port", "0", ...extraArgs], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const baseUrl = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.split("\n")[0].trim());
    });
    child.once("exit", (code) => reject(new Error(`demo-server exited early (${code})`)));
  });
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        process.kill(child.pid, "SIGTERM");
      }),
  };
}

/** What every benchmark session in `cwd` shares: instructions, tools, workspace, context. */
/** The demo provider of the scripted session benchmarks (retries as a real provider's). */
export function benchProvider(baseUrl, wsLanes) {
  return {
    id: "demo",
    name: "Demo",
    baseUrl,
    supportsWebsockets: true,
    requestMaxRetries: 2,
    streamMaxRetries: 5,
    streamIdleTimeoutMs: 30_000,
    websocketConnectTimeoutMs: 5_000,
    wsLanes,
    wsMaxLanes: 4,
    wsEpochMaxRequests: 0,
  };
}

export function benchSessionBase(cwd, toolOptions = {}) {
  return {
    instructions: "You are the benchmark agent.\n".repeat(100),
    tools: createToolRouter(toolOptions),
    cwd,
    workspaceRoots: [cwd],
    sandbox: "danger-full-access",
    approvalPolicy: "never",
    // a fixed date and zone: the same bytes on every run
    initialContext: buildInitialContext({
      cwd,
      shell: "bash",
      sandbox: "danger-full-access",
      approvalPolicy: "never",
      now: new Date("2026-01-02T03:04:05Z"),
      timezone: "UTC",
    }),
  };
}

export async function sessionWorld(options = {}) {
  const server = options.server ?? (await demoServerProcess());
  const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-session-"));
  const cwd = join(root, "work");
  const home = options.home ?? join(root, "home");
  mkdirSync(cwd);
  const marks = {};
  const session = createSession(
    {
      id: options.id ?? `bench-${Math.random().toString(36).slice(2, 10)}`,
      provider: {
        id: "demo",
        name: "Demo",
        baseUrl: server.baseUrl,
        supportsWebsockets: true,
        requestMaxRetries: 0,
        streamMaxRetries: 0,
        streamIdleTimeoutMs: 30_000,
        websocketConnectTimeoutMs: 5_000,
        wsLanes: "off",
        wsEpochMaxRequests: 0,
        // as the default config: permessage-deflate offered (the demo server accepts it)
        wsCompression: options.wsCompression !== false,
        // a bearer sent as a real provider's: what the server sends back is cleaned of it
        ...(options.credentials ? { credentials: options.credentials } : {}),
      },
      settings: { model: "demo-1" },
      ...benchSessionBase(cwd, options.toolOptions),
      home,
      warmup: false,
      version: "0.0.0-bench",
      ...(options.historyStore ? { historyStore: options.historyStore } : {}),
      ...(options.ledger === false ? { ledger: false } : {}),
    },
    { createWebSocket: timedTransport(marks) },
  );
  return {
    server,
    session,
    marks,
    root,
    home,
    cwd,
    async close() {
      await session.close();
      if (!options.server) await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (value, digits = 2) => Number(value.toFixed(digits));
