import { appendFileSync } from "node:fs";
import type { RecordedRequest, StreamIdMode } from "./server/index.js";
import { startDemoServer } from "./server/index.js";

/**
 * `mini-codex demo-server --port N`: run the demo server alone (the Responses API and the
 * sign-in issuer on one origin, `--access-token-ttl` seconds per access token; HTTPS with
 * `--tls-cert` / `--tls-key`), print its base URL on stdout
 * and serve until SIGINT / SIGTERM. `requestsLog` appends one JSON line per request (its
 * shape on the wire, never its text); `streamIds` starts it refusing or ignoring `stream_id`.
 */
export async function runDemoServerCommand(options: {
  port: number;
  host?: string;
  requestsLog?: string;
  streamIds?: StreamIdMode;
  wsCompression?: boolean;
  /** The demo issuer's access-token lifetime. */
  accessTokenTtlMs?: number;
  /** Serve HTTPS with this PEM certificate and key. */
  tls?: { cert: Buffer; key: Buffer };
}): Promise<void> {
  const { requestsLog } = options;
  const server = await startDemoServer({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    ...(options.streamIds ? { streamIds: options.streamIds } : {}),
    ...(options.wsCompression === false ? { wsCompression: false } : {}),
    ...(options.accessTokenTtlMs ? { issuer: { accessTokenTtlMs: options.accessTokenTtlMs } } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(requestsLog
      ? { onRequest: (request) => appendFileSync(requestsLog, `${requestLine(request)}\n`) }
      : {}),
  });
  process.stdout.write(`${server.baseUrl}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
}

/** What a request log line says: transport, connection, chaining and sizes; no prompt text. */
export function requestLine(request: RecordedRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return JSON.stringify({
    at: new Date(request.receivedAt).toISOString(),
    transport: request.transport,
    connection: request.connectionId,
    model: typeof body.model === "string" ? body.model : null,
    previous_response_id: request.previousResponseId ?? null,
    stream_id: typeof body.stream_id === "string" ? body.stream_id : null,
    generate: request.generate ?? null,
    input_items: request.inputLength,
    // item types only (additional_tools, configuration_update, message, …), never content
    input_types: Array.isArray(body.input)
      ? body.input.map((item) => String((item as { type?: unknown } | null)?.type ?? "message"))
      : [],
    bytes: request.bytes,
    wire_bytes: request.wireBytes ?? null,
    tools: tools.map((tool) => {
      const { type, name } = (tool ?? {}) as { type?: unknown; name?: unknown };
      return typeof name === "string" ? `${String(type)}:${name}` : String(type);
    }),
  });
}
