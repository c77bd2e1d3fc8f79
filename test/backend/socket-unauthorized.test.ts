import { afterEach, describe, expect, it } from "vitest";
import type { Harness } from "../session/harness.js";
import { backendHarness } from "./backend-harness.js";
import { testSignIn } from "./credentials.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const MINUTE_MS = 60_000;

/** The first token lives ten minutes; moving the backend's clock past that expires it on the open socket. */
async function expiringSession(refuseRefresh?: string) {
  const sign = testSignIn({
    lifetimeMs: 10 * MINUTE_MS,
    ...(refuseRefresh ? { refuseRefresh } : {}),
  });
  h = await backendHarness(sign);
  const first = await h.session.send("hello");
  expect(first.ok).toBe(true);
  expect(sign.seen.refreshes).toBe(0);
  h.server.backend.clockAheadMs = 11 * MINUTE_MS; // the socket's token has now expired
  return { h, sign };
}

function rows(harness: Harness): string[] {
  return harness.ledger().map((r) => (r.reason ? `${r.mode}:${r.reason}` : r.mode));
}

describe("a 401 on an open WebSocket (the token expired mid-session)", () => {
  it("refreshes once, reconnects, and sends the request again in full with the reason token_refreshed", async () => {
    const { h, sign } = await expiringSession();
    const result = await h.session.send("hello again");
    expect(result.ok).toBe(true);
    expect(result.lastMessage).toContain("hello again");
    expect(sign.seen.refreshes).toBe(1);
    // the refused frame got the backend's wrapped 401 (its refusals log), then the new socket took the resend
    expect(h.server.backend.refusals.map((r) => r.status)).toEqual([401]);
    expect(rows(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_full:token_refreshed",
    ]);
    const requests = h.requests();
    const [, , resent] = requests;
    expect(resent?.previousResponseId).toBeUndefined();
    expect(resent?.connectionId).not.toBe(requests[1]?.connectionId);
    // the next turn goes on incrementally on the new socket, with no further refresh
    expect((await h.session.send("and again")).ok).toBe(true);
    expect(rows(h).at(-1)).toBe("ws_incremental");
    expect(sign.seen.refreshes).toBe(1);
  });

  it("a refused refresh ends the turn saying to run `mini-codex login`, once", async () => {
    const { h, sign } = await expiringSession(
      "the ChatGPT sign-in has ended (refresh refused): run `mini-codex login`",
    );
    const result = await h.session.send("hello again");
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("mini-codex login");
    expect(sign.seen.refreshes).toBe(1);
  });
});
