import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { hasOpenssl, type TestCertificates, testCertificates } from "../backend/test-ca.js";
import { runCli, type TempWorld, tempWorld } from "./helpers.js";

// A Codex CLI user behind a TLS-intercepting proxy names its CA in CODEX_CA_CERTIFICATE (or
// SSL_CERT_FILE): mini-codex trusts it the same way, here on the demo server over HTTPS with a CA
// made for the run; the commands the model runs still get the person's environment.

describe.skipIf(!hasOpenssl)("a custom certificate authority, as the Codex CLI reads it", () => {
  let world: TempWorld;
  let certs: TestCertificates;
  let server: DemoServer;
  beforeAll(async () => {
    world = tempWorld();
    mkdirSync(join(world.root, "ca"));
    certs = testCertificates(join(world.root, "ca"));
    server = await startDemoServer({ tls: { cert: certs.cert, key: certs.key } });
  });
  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  const exec = (prompt: string, env: NodeJS.ProcessEnv) =>
    runCli(["exec", "-c", `openai_base_url=${server.baseUrl}`, "-C", world.repo, prompt], {
      env: world.env({
        CODEX_CA_CERTIFICATE: undefined,
        SSL_CERT_FILE: undefined,
        NODE_EXTRA_CA_CERTS: undefined,
        ...env,
      }),
    });

  it("without it the server's certificate is refused, naming the URL", async () => {
    expect(server.baseUrl.startsWith("https://")).toBe(true);
    const run = await exec("hi", {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(server.baseUrl);
    expect(run.stdout).not.toContain("You said");
  }, 60_000);

  it.each(["CODEX_CA_CERTIFICATE", "SSL_CERT_FILE"])(
    "%s names it: the run answers, and a command sees no NODE_EXTRA_CA_CERTS it did not have",
    async (variable) => {
      const run = await exec("run: echo extra=${NODE_EXTRA_CA_CERTS:-none}", {
        [variable]: certs.caFile,
      });
      expect(run.stderr).not.toContain("certificate");
      expect(run.code).toBe(0);
      expect(run.stderr).toContain("extra=none"); // the command's output, as exec shows it
    },
    60_000,
  );

  it("beside a NODE_EXTRA_CA_CERTS of the person's own: both are trusted, and commands get theirs", async () => {
    const own = join(world.root, "ca", "own.pem");
    writeFileSync(own, readFileSync(certs.caFile)); // any PEM the person already trusts
    const run = await exec("run: echo extra=$NODE_EXTRA_CA_CERTS", {
      CODEX_CA_CERTIFICATE: certs.caFile,
      NODE_EXTRA_CA_CERTS: own,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`extra=${own}`);
  }, 60_000);

  it("a file that cannot be read is named before anything runs", async () => {
    const missing = join(world.root, "ca", "missing.pem");
    const before = server.requests.length;
    const run = await exec("hi", { CODEX_CA_CERTIFICATE: missing });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `mini-codex: CODEX_CA_CERTIFICATE=${missing} cannot be read (ENOENT): fix or unset it\n`,
    );
    expect(server.requests.length).toBe(before);
  }, 60_000);
});
