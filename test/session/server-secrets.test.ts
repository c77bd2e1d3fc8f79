import { afterEach, describe, expect, it } from "vitest";
import { apiKeyCredentials } from "../../src/auth/credentials-for.js";
import { type Harness, ledgerText, startHarness } from "./harness.js";

// what a provider's env_key (or OPENAI_API_KEY) held: the key the server was sent
const KEY = "sk-test-Zq8v1Kd93LmP0aXy";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** Everything the session showed or kept: its events (what exec and the TUI print) and the ledger. */
function everythingKept(h: Harness): string {
  return [JSON.stringify(h.events), ledgerText(h)].join("\n");
}

describe("a server that echoes the API key back", () => {
  it("a 403 error frame: the turn fails without the key, the rest of its words kept", async () => {
    h = await startHarness({ providerOverrides: { credentials: apiKeyCredentials(KEY) } });
    await h.session.send("zero");
    h.server.hooks.failNext({
      status: 403,
      code: "forbidden",
      message: `key ${KEY} is not allowed`,
    });
    const result = await h.session.send("one");
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toContain("key [redacted] is not allowed");
    expect(everythingKept(h)).not.toContain(KEY);
  });

  it("a retried error frame: the retry warning does not carry it either", async () => {
    h = await startHarness({ providerOverrides: { credentials: apiKeyCredentials(KEY) } });
    await h.session.send("zero");
    h.server.hooks.failNext({ code: "server_error", message: `overloaded for ${KEY}` });
    expect(await h.session.send("one")).toMatchObject({ ok: true, lastMessage: "You said: one" });
    const warnings = h.events.flatMap((e) => (e.type === "warning" ? [e.message] : []));
    expect(warnings.join("\n")).toContain("overloaded for [redacted]");
    expect(everythingKept(h)).not.toContain(KEY);
  });

  it("response.failed naming the key", async () => {
    h = await startHarness({ providerOverrides: { credentials: apiKeyCredentials(KEY) } });
    await h.session.send("zero");
    h.server.hooks.injectFrame({
      frame: {
        type: "response.failed",
        response: {
          id: "resp_x",
          status: "failed",
          error: { code: "bad_key", message: `no: ${KEY}` },
        },
      },
      end: true,
    });
    const result = await h.session.send("one");
    expect(result.error).toContain("no: [redacted]");
    expect(everythingKept(h)).not.toContain(KEY);
  });

  it("over HTTP: a 403 body with the key", async () => {
    h = await startHarness({
      providerOverrides: { credentials: apiKeyCredentials(KEY), supportsWebsockets: false },
    });
    await h.session.send("zero");
    h.server.hooks.failNext({
      status: 403,
      code: "forbidden",
      message: `key ${KEY} is not allowed`,
    });
    const result = await h.session.send("one");
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toContain("[redacted]");
    expect(everythingKept(h)).not.toContain(KEY);
  });
});
