import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { hasOpenssl, type TestCertificates, testCertificates } from "../backend/test-ca.js";
import { runCli, spawnCli, type TempWorld, tempWorld } from "./helpers.js";

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

// A CA file that is not a regular file under 1 MiB is refused in one line, with the exit code of
// a config error, before anything runs: a FIFO or /dev/zero once hung the launch for ever (Node
// reads NODE_EXTRA_CA_CERTS whole at its start), a directory ended in a stack trace.
describe("a CA file that cannot be one", () => {
  let world: TempWorld;
  let own: string;
  beforeAll(() => {
    world = tempWorld();
    mkdirSync(join(world.root, "ca"));
    execFileSync("mkfifo", [join(world.root, "ca", "fifo.pem")]);
    writeFileSync(join(world.root, "ca", "huge.pem"), Buffer.alloc(1024 * 1024 + 1, "A"));
    own = join(world.root, "ca", "own.pem");
    writeFileSync(own, "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n");
  });
  afterAll(() => world?.cleanup());

  /** The launch, killed (and said so) if it has not ended within the guard: a hang guard only. */
  async function launch(env: NodeJS.ProcessEnv) {
    const run = spawnCli(["exec", "--demo", "-C", world.repo, "hi"], {
      env: world.env({ CODEX_CA_CERTIFICATE: undefined, SSL_CERT_FILE: undefined, ...env }),
    });
    const guard = setTimeout(() => run.child.kill("SIGKILL"), 30_000);
    const done = await run.done;
    clearTimeout(guard);
    return done;
  }

  it.each([
    [
      "a FIFO",
      () => ({ CODEX_CA_CERTIFICATE: join(world.root, "ca", "fifo.pem") }),
      "CODEX_CA_CERTIFICATE",
      "is a FIFO, not a PEM file",
    ],
    [
      "/dev/zero beside NODE_EXTRA_CA_CERTS",
      () => ({ CODEX_CA_CERTIFICATE: "/dev/zero", NODE_EXTRA_CA_CERTS: own }),
      "CODEX_CA_CERTIFICATE",
      "is a character device, not a PEM file",
    ],
    [
      "a directory",
      () => ({ SSL_CERT_FILE: join(world.root, "ca") }),
      "SSL_CERT_FILE",
      "is a directory, not a PEM file",
    ],
    [
      "a file over 1 MiB",
      () => ({ CODEX_CA_CERTIFICATE: join(world.root, "ca", "huge.pem") }),
      "CODEX_CA_CERTIFICATE",
      "is larger than 1 MiB",
    ],
  ])("%s: one line naming the file and why, exit 1", async (_what, env, variable, why) => {
    const named = env();
    const run = await launch(named);
    expect(run.signal).toBeNull(); // not killed by the guard
    expect(run.stderr).toBe(
      `mini-codex: ${variable}=${named[variable as keyof typeof named]} ${why}: fix or unset it\n`,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
  });
});
