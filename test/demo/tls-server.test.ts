import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { hasOpenssl, type TestCertificates, testCertificates } from "../backend/test-ca.js";
import { runCli, spawnCli, type TempWorld, tempWorld, waitFor } from "../e2e/helpers.js";

/**
 * `mini-codex demo-server --tls-cert FILE --tls-key FILE` serves the demo over HTTPS and WSS
 * (what the Codex CLI needs of a Codex backend): a client trusting the CA is answered, one that
 * does not is refused by its own TLS check; the flags go in pairs and a file that cannot be
 * read is named.
 */
let world: TempWorld;
let certs: TestCertificates;
beforeAll(() => {
  world = tempWorld();
  if (!hasOpenssl) return;
  mkdirSync(join(world.root, "ca"));
  certs = testCertificates(join(world.root, "ca"));
  mkdirSync(join(world.root, "pem"));
});
afterAll(() => world.cleanup());

const body = JSON.stringify({ model: "m", input: "hello over tls", store: false, stream: true });

/** POST to `url` over HTTPS trusting `ca` (or only the system's roots): status and body. */
function post(url: string, ca: Buffer | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { "content-type": "application/json" }, ...(ca ? { ca } : {}) },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe.skipIf(!hasOpenssl)("demo-server over HTTPS", () => {
  it("answers a client trusting the CA over HTTPS and WSS; one that does not refuses it", async () => {
    const certFile = join(world.root, "pem", "server.pem");
    const keyFile = join(world.root, "pem", "server.key");
    writeFileSync(certFile, certs.cert);
    writeFileSync(keyFile, certs.key, { mode: 0o600 });
    const run = spawnCli(["demo-server", "--tls-cert", certFile, "--tls-key", keyFile], {
      env: world.env(),
    });
    try {
      await waitFor(() => run.output().stdout.includes("\n"));
      const url = run.output().stdout.trim();
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
      const ca = readFileSync(certs.caFile);

      const answered = await post(`${url}/responses`, ca);
      expect(answered.status).toBe(200);
      expect(answered.text).toContain("You said: hello over tls");
      await expect(post(`${url}/responses`, undefined)).rejects.toThrow(/certificate/);

      const socket = new WebSocket(`${url.replace(/^https/, "wss")}/responses`, { ca });
      const answer = await new Promise<string>((resolve, reject) => {
        let text = "";
        socket.on("open", () =>
          socket.send(JSON.stringify({ type: "response.create", ...JSON.parse(body) })),
        );
        socket.on("message", (data) => {
          const event = JSON.parse(String(data)) as { type: string; delta?: string };
          if (event.type === "response.output_text.delta") text += event.delta ?? "";
          if (event.type === "response.completed") resolve(text);
        });
        socket.on("error", reject);
      });
      socket.close();
      expect(answer).toBe("You said: hello over tls");
    } finally {
      run.child.kill("SIGINT");
    }
    expect((await run.done).code).toBe(0);
  });

  it("--tls-cert without --tls-key, a file it cannot read, or a key of another certificate is a usage error that says which", async () => {
    const alone = await runCli(["demo-server", "--tls-cert", certs.caFile], { env: world.env() });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--tls-cert and --tls-key go together");
    const missing = join(world.root, "pem", "no-such.key");
    const unreadable = await runCli(
      ["demo-server", "--tls-cert", certs.caFile, "--tls-key", missing],
      { env: world.env() },
    );
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain(`--tls-key: cannot read ${missing}`);
    const keyFile = join(world.root, "pem", "server.key");
    writeFileSync(keyFile, certs.key, { mode: 0o600 });
    // the CA's certificate with the server's key: not a pair
    const mismatched = await runCli(
      ["demo-server", "--tls-cert", certs.caFile, "--tls-key", keyFile],
      { env: world.env() },
    );
    expect(mismatched.code).toBe(2);
    expect(mismatched.stderr).toContain(
      "--tls-cert / --tls-key: not a PEM certificate and its key",
    );
  });
});
