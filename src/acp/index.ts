// `mini-codex acp`: an Agent Client Protocol (v1) agent over stdio, for editors (Zed, JetBrains,
// Neovim, Emacs) and headless clients (acpx). What flows through here: JSON-RPC lines from the
// editor on stdin → the agent's handlers (agent-app.ts) → the session table (sessions.ts) → one
// AcpSession per session, which drives the same engine API the TUI and exec drive (AgentSession
// from launch/open-session) and sends the engine's SessionEvents back as session updates
// (turn-updates.ts, usage.ts), approvals as permission requests (permissions.ts), on stdout.
// stdout carries protocol lines only; every diagnostic goes to stderr. docs/acp.md describes it.
import { Readable, Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import type { SharedFlags } from "../launch/index.js";
import { packageVersion } from "../launch/index.js";
import { agentApp } from "./agent-app.js";

/** Nothing but protocol lines may reach stdout: a stray console.log goes to stderr instead. */
function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

/** Serve one editor on stdin/stdout until it closes the connection; resolves with the exit code. */
export async function runAcp(flags: SharedFlags): Promise<number> {
  keepStdoutForProtocol();
  process.stdout.on("error", () => {});
  process.stderr.on("error", () => {});
  const stream = ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  );
  const { app, sessions } = agentApp({ flags, version: packageVersion() });
  const connection = app.connect(stream);
  // SIGTERM/SIGINT from the editor: close the sessions (their processes die with them) and go
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    connection.close();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  await connection.closed;
  await sessions()?.closeAll();
  return 0;
}
