import { createServer } from "node:net";
import { describe, expect, test } from "vitest";
import { networkCause, shownUrl } from "../../src/protocol/network-cause.js";
import type { TransportError } from "../../src/transport/errors.js";
import { HttpTransport } from "../../src/transport/http.js";
import { openWebSocket } from "../../src/transport/websocket-open.js";
import { collect, demoRequest, rejection } from "../demo/fixtures.js";

// Issue 37: a wrong base URL said "fetch failed"; the error names the URL and why.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("a server that cannot be reached", () => {
  test("HTTP: the URL posted to and the refused connection", async () => {
    const port = await closedPort();
    const failure = async (baseUrl: string) => {
      const transport = new HttpTransport({ baseUrl, sessionId: "s", version: "0.1.0" });
      return (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    };
    const refused = await failure(`http://127.0.0.1:${port}/v1`);
    expect(refused.kind).toBe("retryable");
    expect(refused.message).toBe(
      `network error: cannot reach POST http://127.0.0.1:${port}/v1/responses: connection refused: nothing listens there (ECONNREFUSED)`,
    );
    // a base URL with a user and password: fetch refuses it and quotes it; the password is cut
    const withPassword = await failure(`http://user:s3cret@127.0.0.1:${port}/v1`);
    expect(withPassword.message).toContain("includes credentials");
    expect(withPassword.message).not.toContain("s3cret");
  });

  test("WebSocket: the URL of the upgrade and the refused connection", async () => {
    const port = await closedPort();
    const endpoint = { baseUrl: `http://127.0.0.1:${port}/v1`, sessionId: "s", version: "0.1.0" };
    const error = (await rejection(openWebSocket(endpoint, () => {}))) as Error;
    expect(error.message).toBe(
      `WebSocket connect failed: cannot reach GET ws://127.0.0.1:${port}/v1/responses: connection refused: nothing listens there (ECONNREFUSED)`,
    );
  });

  test("a host that does not resolve, a cause without a code, and a URL's secrets left out", async () => {
    const lookup = await fetch("http://no-such-host.invalid/v1").catch((e: unknown) => e);
    // ENOTFOUND, or EAI_AGAIN where the resolver cannot be asked (offline machines)
    expect(networkCause(lookup)).toMatch(/^the host name .*\((ENOTFOUND|EAI_AGAIN)\)$/);
    const badPort = await fetch("http://127.0.0.1:1/v1").catch((e: unknown) => e);
    expect(networkCause(badPort)).toBe("bad port");
    expect(shownUrl("https://k:s@api.example.com/v1/responses?api-key=s#f")).toBe(
      "https://api.example.com/v1/responses",
    );
  });
});
