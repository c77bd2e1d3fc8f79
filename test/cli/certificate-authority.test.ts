import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The launcher's choice (bin/certificate-authority.js): which CA file a Codex CLI user named, and
// whether this launch must start again for Node to trust it.
const require = createRequire(import.meta.url);
const { certificateAuthorityPlan, settleRelaunchedEnvironment } =
  require("../../bin/certificate-authority.js") as {
    certificateAuthorityPlan(env: Record<string, string | undefined>): {
      kind: string;
      files?: string[];
      message?: string;
    };
    settleRelaunchedEnvironment(env: Record<string, string | undefined>): boolean;
  };

const readable = "/etc/hostname";
const alsoReadable = "/etc/passwd";

describe("certificateAuthorityPlan", () => {
  it.each([
    [{}, { kind: "none" }],
    [{ CODEX_CA_CERTIFICATE: "" }, { kind: "none" }],
    [{ CODEX_CA_CERTIFICATE: readable }, { kind: "relaunch", files: [readable] }],
    [{ SSL_CERT_FILE: readable }, { kind: "relaunch", files: [readable] }],
    // CODEX_CA_CERTIFICATE first, as the Codex CLI reads them
    [
      { CODEX_CA_CERTIFICATE: readable, SSL_CERT_FILE: "/nope" },
      { kind: "relaunch", files: [readable] },
    ],
    // Node already trusts exactly that file: no second start
    [{ SSL_CERT_FILE: readable, NODE_EXTRA_CA_CERTS: readable }, { kind: "none" }],
    // the person's own extra roots are kept beside it
    [
      { CODEX_CA_CERTIFICATE: readable, NODE_EXTRA_CA_CERTS: alsoReadable },
      { kind: "relaunch", files: [alsoReadable, readable] },
    ],
  ])("%j → %j", (env, plan) => {
    expect(certificateAuthorityPlan(env)).toEqual(plan);
  });

  it("names a file that cannot be read, and the variable that named it", () => {
    expect(certificateAuthorityPlan({ SSL_CERT_FILE: "/no/such.pem" })).toEqual({
      kind: "unreadable",
      message: "SSL_CERT_FILE=/no/such.pem cannot be read (ENOENT): fix or unset it",
    });
  });
});

describe("settleRelaunchedEnvironment", () => {
  it("puts the person's NODE_EXTRA_CA_CERTS back (or none) and says it was relaunched", () => {
    const none = { NODE_EXTRA_CA_CERTS: "/x.pem", MINI_CODEX_CA_RELAUNCHED: "" };
    expect(settleRelaunchedEnvironment(none)).toBe(true);
    expect(none).toEqual({});
    const own = { NODE_EXTRA_CA_CERTS: "/joined.pem", MINI_CODEX_CA_RELAUNCHED: "/own.pem" };
    expect(settleRelaunchedEnvironment(own)).toBe(true);
    expect(own).toEqual({ NODE_EXTRA_CA_CERTS: "/own.pem" });
    expect(settleRelaunchedEnvironment({ NODE_EXTRA_CA_CERTS: "/own.pem" })).toBe(false);
  });
});
