import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apiKeyCredentials } from "../../src/auth/credentials-for.js";
import { CREDENTIAL_REMOVED } from "../../src/protocol/sent-credentials.js";
import { type Harness, ledgerText, modes, startHarness } from "./harness.js";

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

/** The demo model echoes the bearer its request carried: message, reasoning, a shell command. */
describe.each([
  ["WebSocket", true],
  ["HTTP", false],
])("a server that echoes the API key in its answer (%s)", (_transport, supportsWebsockets) => {
  it("the key reaches no event, history, ledger or command; the marker does, and the next request goes full", async () => {
    h = await startHarness({
      providerOverrides: { credentials: apiKeyCredentials(KEY), supportsWebsockets },
      settings: { model: "demo-1", effort: "low", reasoningSummary: "auto" },
    });
    const result = await h.session.send("demo:echo-credential");
    expect(result).toMatchObject({ ok: true });
    const text = h.events.flatMap((e) => (e.type === "text_delta" ? [e.delta] : [])).join("");
    expect(text).toContain(`The credential this request carried: ${CREDENTIAL_REMOVED} —`);
    const reasoning = h.events.flatMap((e) => (e.type === "reasoning_delta" ? [e.delta] : []));
    expect(reasoning.join("")).toContain(`Echoing ${CREDENTIAL_REMOVED} back.`);
    // the command ran with the marker in place of the key
    expect(readFileSync(join(h.cwd, "leaked.txt"), "utf8")).toBe(`${CREDENTIAL_REMOVED}\n`);
    const kept = [everythingKept(h), JSON.stringify(h.session.history())].join("\n");
    expect(kept).not.toContain(KEY);
    expect(kept).toContain(CREDENTIAL_REMOVED);
    // the answer the key was taken out of is not continued: history differs from the server's copy
    expect(modes(h).at(-1)).toBe(
      supportsWebsockets ? "ws_full:credential_removed" : "http_full:transport_http",
    );
  });
});

describe("a server that echoes the API key to a subagent", () => {
  it("the child's lane is cleaned too: its command, the events, the parent's history", async () => {
    h = await startHarness({
      providerOverrides: { credentials: apiKeyCredentials(KEY) },
      agents: { maxThreads: 2, maxDepth: 1 },
    });
    const result = await h.session.send("spawn: demo:echo-credential");
    expect(result.ok).toBe(true);
    expect(readFileSync(join(h.cwd, "leaked.txt"), "utf8")).toBe(`${CREDENTIAL_REMOVED}\n`);
    const kept = [everythingKept(h), JSON.stringify(h.session.history())].join("\n");
    expect(kept).not.toContain(KEY);
    const child = h.ledger().filter((row) => row.agent !== null);
    expect(child.map((row) => row.reason)).toContain("credential_removed");
  });
});

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
    expect(result.error).toContain("key [credential removed] is not allowed");
    expect(everythingKept(h)).not.toContain(KEY);
  });

  it("a retried error frame: the retry warning does not carry it either", async () => {
    h = await startHarness({ providerOverrides: { credentials: apiKeyCredentials(KEY) } });
    await h.session.send("zero");
    h.server.hooks.failNext({ code: "server_error", message: `overloaded for ${KEY}` });
    expect(await h.session.send("one")).toMatchObject({ ok: true, lastMessage: "You said: one" });
    const warnings = h.events.flatMap((e) => (e.type === "warning" ? [e.message] : []));
    expect(warnings.join("\n")).toContain("overloaded for [credential removed]");
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
    expect(result.error).toContain("no: [credential removed]");
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
    expect(result.error).toContain("[credential removed]");
    expect(everythingKept(h)).not.toContain(KEY);
  });
});
