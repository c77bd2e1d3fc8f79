// One mini-codex process's side of a shared sign-in, for test/auth/refresh-processes.test.ts:
// loads the home's auth.json with the built dist/auth, says "ready", waits for "go" on stdin,
// then asks for the token (`current`) or reports the loaded token as refused
// (`unauthorized`), and prints what it got as a digest (never the token).
import { createHash } from "node:crypto";
import { createInterface } from "node:readline";

const [home, issuerUrl, mode, dist] = process.argv.slice(2);
const { credentialsFor } = await import(`${dist}/auth/credentials-for.js`);
const { signInIssuer } = await import(`${dist}/auth/issuer.js`);
const credentials = credentialsFor(home, { issuer: signInIssuer(issuerUrl, {}) });
const loaded = credentials.tokens.access_token;
const digest = (token) => createHash("sha256").update(token).digest("hex").slice(0, 16);
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() !== "go") continue;
  try {
    const bearer =
      mode === "unauthorized"
        ? await credentials.afterUnauthorized(loaded)
        : await credentials.current();
    process.stdout.write(
      `${JSON.stringify({ ok: true, token: digest(bearer.token), loaded: digest(loaded), account: bearer.accountId })}\n`,
    );
  } catch (error) {
    process.stdout.write(
      `${JSON.stringify({ ok: false, error: String(error?.message ?? error) })}\n`,
    );
  }
  break;
}
lines.close();
