import { afterEach, describe, expect, it } from "vitest";
import type { BearerCredentials } from "../../src/auth/credentials.js";
import { DEMO_ACCOUNT } from "../../src/demo/backend/issuer-tokens.js";
import type { DemoServer } from "../../src/demo/index.js";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import { WARMUP_TURN } from "../../src/session/ledger/ledger-row.js";
import { type Harness, startHarness } from "../session/harness.js";
import { backendHarness } from "./backend-harness.js";
import { issuedToken, testSignIn } from "./credentials.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function modes(requests: RecordedRequest[]): string[] {
  return requests.map((r) => (r.previousResponseId ? "incremental" : "full"));
}

function stores(requests: RecordedRequest[]): unknown[] {
  return requests.map((r) => (r.body as { store?: unknown }).store);
}

describe("the Codex backend (demo emulation)", () => {
  it("takes the session's requests with its headers, store=false, and a tool turn incremental after its first request", async () => {
    h = await backendHarness();
    const result = await h.session.send("run: echo backend-ok");
    expect(result).toMatchObject({ ok: true });
    const requests = h.requests();
    // warm-up, the turn's first request (chained on the warm-up), the tool output's continuation
    expect(modes(requests)).toEqual(["full", "incremental", "incremental"]);
    expect(stores(requests)).toEqual([false, false, false]);
    const key = (requests[0]?.body as { prompt_cache_key?: string } | undefined)?.prompt_cache_key;
    expect(key).toBe(h.session.id);
    expect(requests[0]?.headers).toMatchObject({
      authorizationPresent: true,
      chatgptAccountId: DEMO_ACCOUNT.accountId,
      sessionId: key,
      threadId: key,
      clientRequestId: key,
      version: "0.0.0-test",
      originator: "mini_codex",
    });
    expect(requests[0]?.headers.userAgent).toMatch(/^mini-codex\/0\.0\.0-test /);
    expect(JSON.stringify(h.session.history())).toContain("backend-ok");
  });

  it("over HTTP: zstd bodies, and the turn state of a turn's first response on each later request of that turn only", async () => {
    h = await backendHarness(testSignIn(), { supportsWebsockets: false });
    expect((await h.session.send("run: echo one")).ok).toBe(true);
    expect((await h.session.send("hello again")).ok).toBe(true);
    const requests = h.requests();
    expect(requests.map((r) => r.headers.contentEncoding)).toEqual(["zstd", "zstd", "zstd"]);
    const [first, second, third] = requests.map((r) => r.headers.turnState);
    expect(first).toBeUndefined(); // a turn starts without one
    expect(second).toMatch(/^ts_/); // the tool round replays the one the first response set
    expect(third).toBeUndefined(); // a new turn: never the last turn's value
    expect(stores(requests)).toEqual([false, false, false]);
  });

  it("a dropped socket gives one full request (reconnected), then incremental again", async () => {
    h = await backendHarness();
    await h.session.send("hello");
    h.server.hooks.dropAfterEvents(1);
    const result = await h.session.send("run: echo after-drop");
    expect(result.ok).toBe(true);
    const rows = h.ledger().map((r) => (r.reason ? `${r.mode}:${r.reason}` : r.mode));
    expect(rows).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_full:reconnected",
      "ws_incremental",
    ]);
    const requests = h.requests();
    expect(requests[3]?.connectionId).not.toBe(requests[2]?.connectionId);
    expect(requests[4]?.connectionId).toBe(requests[3]?.connectionId);
    expect(stores(requests).every((store) => store === false)).toBe(true);
  });

  it("reports the plan's windows with each request, in the ledger too", async () => {
    h = await backendHarness();
    await h.session.send("hello");
    await h.session.send("demo:long 4000");
    const finished = h.events.flatMap((e) => (e.type === "request_finished" ? [e.request] : []));
    const last = finished.at(-1)?.planUsage;
    expect(last?.primary?.windowMinutes).toBe(300);
    expect(last?.secondary?.windowMinutes).toBe(10_080);
    expect(last?.planType).toBe("plus");
    const before = finished.at(-2)?.planUsage?.primary?.usedPercent ?? 0;
    expect(last?.primary?.usedPercent).toBeGreaterThan(before);
    expect(h.ledger().at(-1)?.plan_usage?.primary?.used_percent).toBe(last?.primary?.usedPercent);
    // /status: the windows, and each share; the warm-up is billed too and listed as its own
    // (no figure before it in a new session), and it gives the figure turn 1 starts from
    const status = h.session.status().planUsage;
    expect(status?.latest).toEqual(last);
    expect(status?.turns.map((t) => t.turn)).toEqual([WARMUP_TURN, 1, 2]);
    expect(status?.turns[0]?.points).toBeNull();
    expect(status?.turns[1]?.points).not.toBeNull();
    expect(status?.turns[2]?.points).toBeGreaterThan(0);
  });

  it("usage_limit_reached ends the turn at once with the reset time, and the next turn goes on", async () => {
    h = await backendHarness();
    await h.session.prepare();
    const before = h.ledger().length;
    const result = await h.session.send("demo:usage-limit");
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(/usage limit .*plus plan.*resets at .*\d\d:\d\d \(in /);
    expect(h.ledger().length - before).toBe(1); // never retried
    expect(h.ledger().at(-1)?.outcome).toBe("failed");
    expect((await h.session.send("hello")).ok).toBe(true);
  });

  it("a 401 (expired token) refreshes once and the turn goes on", async () => {
    const sign = testSignIn({ expired: true });
    h = await backendHarness(sign);
    const result = await h.session.send("run: echo refreshed");
    expect(result.ok).toBe(true);
    expect(sign.seen.refreshes).toBe(1);
    expect(h.requests().every((r) => r.headers.authorizationPresent)).toBe(true);
  });

  it("a sign-in still refused after its refresh ends the turn with what to do, never a loop", async () => {
    // a sign-in whose every token (the refreshed one too) is past its exp
    let server: DemoServer | undefined;
    const expired = () => issuedToken(server as DemoServer, true);
    let refreshes = 0;
    const stale: BearerCredentials = {
      kind: "chatgpt",
      current: async () => expired(),
      afterUnauthorized: async () => {
        refreshes++;
        return expired();
      },
    };
    h = await startHarness({
      providerOverrides: (started) => {
        server = started;
        return { baseUrl: `${started.backendUrl}codex`, credentials: stale, codexBackend: true };
      },
    });
    const result = await h.session.send("hello");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain("mini-codex login");
    // one refresh for the warm-up's upgrade, one for the turn's: no retry storm
    expect(refreshes).toBe(2);
    expect(h.requests()).toHaveLength(0); // every upgrade and POST was refused
  });
});
