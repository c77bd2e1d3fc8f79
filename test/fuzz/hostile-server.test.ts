import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import { repairHistory } from "../../src/session/wire/history-repair.js";
import type { ProviderSettings } from "../../src/session/wire/provider-settings.js";
import { createSession, type Session } from "../../src/turn/agent-session.js";
import { harnessSessionOptions } from "../session/harness.js";
import {
  type HostileRefusal,
  type HostileScript,
  type HostileServer,
  message,
  respond,
  startHostileServer,
  trickle,
} from "./hostile-server.js";

/** A session against a hostile server, in temp folders removed after the test. */
interface HostileRun {
  server: HostileServer;
  session: Session;
  events: SessionEvent[];
  home: string;
}

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

async function against(
  script: HostileScript,
  overrides: Partial<ProviderSettings>,
  refuse?: HostileRefusal,
): Promise<HostileRun> {
  const server = await startHostileServer(script, refuse);
  const home = mkdtempSync(join(tmpdir(), "mini-codex-hostile-home-"));
  const cwd = mkdtempSync(join(tmpdir(), "mini-codex-hostile-cwd-"));
  const id = `hostile-${Math.random().toString(36).slice(2, 10)}`;
  const options = harnessSessionOptions({
    id,
    baseUrl: server.baseUrl,
    home,
    cwd,
    providerOverrides: overrides,
  });
  const session = createSession({ ...options, warmup: false });
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  opened.push(async () => {
    await session.close();
    await server.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  });
  return { server, session, events, home };
}

/** Prints how long the person waited before the clear error (the fuzz report's figure). */
function reportWait(what: string, ms: number): void {
  console.log(`hostile server, ${what}: clear error after ${(ms / 1000).toFixed(1)} s`);
}

describe("a server that trickles keep-alives and never finishes", () => {
  for (const transport of ["ws", "http"] as const) {
    it(`over ${transport}: the attempt's total deadline ends it with a clear error`, async () => {
      const run = await against(trickle(50), {
        supportsWebsockets: transport === "ws",
        streamIdleTimeoutMs: 1_000, // each keep-alive comes well within it
        streamMaxDurationMs: 1_500,
        streamMaxRetries: 1,
        requestMaxRetries: 1,
      });
      const started = Date.now();
      const result = await run.session.send("hello");
      reportWait(`trickling over ${transport}`, Date.now() - started);
      expect(result).toMatchObject({ ok: false, aborted: false });
      expect(result.error).toContain("no complete response within 1.5 s (stream_max_duration_ms)");
      // retried after the first deadline (a WebSocket then falls back to HTTP), then given up
      expect(run.server.requests).toBeGreaterThanOrEqual(2);
      // the session is usable: the next turn is sent (and ends the same way)
      expect((await run.session.send("again")).error).toContain("stream_max_duration_ms");
    }, 60_000);
  }
});

const shellCall = (callId: string | undefined, command: string) => ({
  type: "function_call",
  id: `fc_${callId ?? "none"}_${command.length}`,
  name: "shell_command",
  arguments: JSON.stringify({ command }),
  ...(callId === undefined ? {} : { call_id: callId }),
});

/** The history a resume would send: it must pair every call with an output. */
function historyOf(run: HostileRun) {
  return run.session.history();
}

describe("a server that sends tool calls with duplicate or missing call ids", () => {
  const cases: Array<[string, HostileScript, string]> = [
    [
      "two calls in one response share a call_id",
      respond([shellCall("call_dup", "echo one > one.txt"), shellCall("call_dup", "echo two")]),
      'a second tool call with call_id "call_dup"',
    ],
    [
      "a call without a call_id",
      respond([shellCall(undefined, "echo one > one.txt")]),
      "a function_call without a call_id or name",
    ],
    [
      "a later response reuses a call_id the conversation already answered",
      (send, n) =>
        (n === 1
          ? respond([shellCall("call_1", "echo first")])
          : respond([shellCall("call_1", "echo one > one.txt")]))(send, n),
      'a second tool call with call_id "call_1"',
    ],
  ];
  for (const [name, script, problem] of cases) {
    it(`${name}: refused on arrival, nothing of it runs or is kept, history stays resumable`, async () => {
      const run = await against(script, { supportsWebsockets: false, requestMaxRetries: 0 });
      const started = Date.now();
      const result = await run.session.send("hello");
      reportWait(name, Date.now() - started);
      expect(result).toMatchObject({ ok: false, aborted: false });
      expect(result.error).toContain(`the server sent ${problem}: its response was not used`);
      const ran = run.events.filter((e) => e.type === "tool_call_started").length;
      // only the first (well-formed) response of the last case ran its call
      expect(ran).toBe(name.startsWith("a later") ? 1 : 0);
      const history = historyOf(run);
      expect(JSON.stringify(history)).not.toContain("one.txt");
      expect(repairHistory(history).added).toEqual([]);
    }, 60_000);
  }
});

describe("a server whose response.completed carries another response's id", () => {
  it("is refused as a protocol error naming both ids; the chain never advances to the foreign id", async () => {
    const script: HostileScript = (send, n) =>
      n === 1
        ? respond([message("first")], () => "resp_someone_else")(send, n)
        : respond([message(`answer ${n}`)])(send, n);
    const run = await against(script, { supportsWebsockets: true, streamMaxRetries: 0 });
    const started = Date.now();
    const result = await run.session.send("hello");
    reportWait("response.completed with another id", Date.now() - started);
    expect(result).toMatchObject({ ok: false, aborted: false });
    expect(result.error).toBe(
      "the server sent response.completed for resp_someone_else on the stream of resp_1: its response was not used",
    );
    expect(JSON.stringify(run.session.history())).not.toContain("first");
    // the session goes on: nothing chains onto the foreign id, later turns chain on real ones
    expect((await run.session.send("again")).ok).toBe(true);
    expect((await run.session.send("and again")).ok).toBe(true);
    expect(run.server.previousIds).not.toContain("resp_someone_else");
    expect(run.server.previousIds.at(-1)).toBe(`resp_${run.server.requests - 1}`);
  }, 60_000);
});

describe("a 5xx with Retry-After", () => {
  it("is retried no sooner than the server asked (within the retry budget), then answered", async () => {
    const run = await against(
      respond([message("after the wait")]),
      { supportsWebsockets: false, requestMaxRetries: 2 },
      (n) => (n === 1 ? { status: 503, headers: { "retry-after": "2" } } : undefined),
    );
    const result = await run.session.send("hello");
    expect(result).toMatchObject({ ok: true, lastMessage: "after the wait" });
    const [first, second] = run.server.arrivals;
    // the backoff alone would have retried after about 200 ms
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(2_000);
  }, 60_000);
});
