import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A certificate authority made for one test run, and a server certificate it signed. */
export interface TestCertificates {
  /** The CA's certificate (PEM): what a client is told to trust. */
  caFile: string;
  /** The server's certificate for 127.0.0.1 and localhost, and its key (PEM). */
  cert: Buffer;
  key: Buffer;
}

export const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

function openssl(dir: string, args: string[]): void {
  const run = spawnSync("openssl", args, { cwd: dir, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr}`);
}

/**
 * Generate, in `dir` (a temp dir the test removes), a CA valid for a day and a server
 * certificate for 127.0.0.1 / localhost signed by it, with the `openssl` CLI. The keys never
 * leave that dir.
 */
export function testCertificates(dir: string): TestCertificates {
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(dir, [
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=mini-codex test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign",
  ]);
  openssl(dir, [
    "req",
    ...ec,
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    "/CN=127.0.0.1",
  ]);
  writeFileSync(
    join(dir, "server.ext"),
    [
      "basicConstraints=CA:FALSE",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "keyUsage=digitalSignature",
      "extendedKeyUsage=serverAuth",
      "",
    ].join("\n"),
  );
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.pem",
    "-days",
    "1",
    "-extfile",
    "server.ext",
  ]);
  return {
    caFile: join(dir, "ca.pem"),
    cert: readFileSync(join(dir, "server.pem")),
    key: readFileSync(join(dir, "server.key")),
  };
}
