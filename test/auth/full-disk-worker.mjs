// One mini-codex process whose home is on a full disk, for test/auth/full-disk.test.ts: run
// (by the test) in a mount namespace of its own, where `home` is a tmpfs that `filler` filled.
// It refreshes after a 401, goes on, frees the space and goes on again, then prints what it
// saw as digests (never a token).
import { createHash } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { join } from "node:path";

const [home, issuerUrl, dist, filler] = process.argv.slice(2);
const { credentialsFor } = await import(`${dist}/auth/credentials-for.js`);
const { signInIssuer } = await import(`${dist}/auth/issuer.js`);
const digest = (token) => createHash("sha256").update(token).digest("hex").slice(0, 16);
const onDisk = () => JSON.parse(readFileSync(join(home, "auth.json"), "utf8")).tokens;

const credentials = credentialsFor(home, { issuer: signInIssuer(issuerUrl, {}) });
const loaded = credentials.tokens.access_token;
const seen = { loaded: digest(loaded) };
try {
  await credentials.afterUnauthorized(loaded);
  seen.refused = "no error";
} catch (error) {
  seen.refused = String(error?.message ?? error);
}
seen.next = digest((await credentials.current()).token);
seen.diskWhileFull = digest(onDisk().access_token);
unlinkSync(filler);
seen.afterSpace = digest((await credentials.current()).token);
seen.diskAfterSpace = digest(onDisk().access_token);
// the refresh token written is the issuer's newest: it refreshes again
seen.refreshedAgain = digest((await credentials.afterUnauthorized(onDisk().access_token)).token);
process.stdout.write(`${JSON.stringify(seen)}\n`);
