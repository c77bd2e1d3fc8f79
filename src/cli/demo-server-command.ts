import { readFileSync } from "node:fs";
import { createSecureContext } from "node:tls";
import { type Command, Option } from "commander";
import { UsageError } from "../launch/index.js";

type Pending = { result?: Promise<number> };

interface DemoServerFlags {
  port: string;
  requestsLog?: string;
  streamIds: "lanes" | "reject" | "ignore";
  wsCompression: boolean;
  accessTokenTtl: string;
  tlsCert?: string;
  tlsKey?: string;
}

/** The PEM certificate and key `--tls-cert` / `--tls-key` name (both or neither), read and checked now. */
function tlsOf(flags: DemoServerFlags): { cert: Buffer; key: Buffer } | undefined {
  if (!flags.tlsCert && !flags.tlsKey) return undefined;
  if (!flags.tlsCert || !flags.tlsKey) {
    throw new UsageError("--tls-cert and --tls-key go together (a PEM certificate and its key)");
  }
  const read = (flag: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new UsageError(`${flag}: cannot read ${path}: ${(error as Error).message}`);
    }
  };
  const pair = { cert: read("--tls-cert", flags.tlsCert), key: read("--tls-key", flags.tlsKey) };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new UsageError(
      `--tls-cert / --tls-key: not a PEM certificate and its key (${(error as Error).message})`,
    );
  }
  return pair;
}

/** `mini-codex demo-server`: the embedded demo server alone, for other clients (the Codex CLI). */
export function addDemoServerCommand(program: Command, pending: Pending): void {
  program
    .command("demo-server")
    .description("run the embedded demo Responses server alone")
    .addOption(new Option("--port <N>", "port to listen on (0 = any)").default("0"))
    .addOption(
      new Option(
        "--requests-log <FILE>",
        "append one JSON line per request received (its shape, no prompt text)",
      ),
    )
    .addOption(
      new Option(
        "--stream-ids <MODE>",
        "treat stream_id like a provider that has lanes, refuses or ignores it",
      )
        .choices(["lanes", "reject", "ignore"])
        .default("lanes"),
    )
    .addOption(
      new Option("--no-ws-compression", "decline permessage-deflate on WebSocket handshakes"),
    )
    .addOption(
      new Option(
        "--access-token-ttl <SECONDS>",
        "lifetime of the demo issuer's access tokens",
      ).default("3600"),
    )
    .addOption(
      new Option(
        "--tls-cert <FILE>",
        "serve HTTPS with this PEM certificate (the Codex CLI's backend must be HTTPS)",
      ),
    )
    .addOption(new Option("--tls-key <FILE>", "the PEM private key of --tls-cert"))
    .action((flags: DemoServerFlags) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new UsageError(`--port expects a port number, got ${flags.port}`);
      }
      const ttl = Number(flags.accessTokenTtl);
      if (!Number.isFinite(ttl) || ttl < 1) {
        throw new UsageError(
          `--access-token-ttl expects seconds (1 or more), got ${flags.accessTokenTtl}`,
        );
      }
      const tls = tlsOf(flags);
      pending.result = import("../demo/main.js").then(async (m) => {
        await m.runDemoServerCommand({
          port,
          streamIds: flags.streamIds,
          wsCompression: flags.wsCompression,
          accessTokenTtlMs: ttl * 1000,
          ...(flags.requestsLog ? { requestsLog: flags.requestsLog } : {}),
          ...(tls ? { tls } : {}),
        });
        return 0;
      });
    });
}
