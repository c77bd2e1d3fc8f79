import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { signedInHome } from "../auth/demo-sign-in.js";
import { jsonLines, runCli, type TempWorld, tempWorld } from "../e2e/helpers.js";
import { backendExecArgs } from "./credentials.js";
import { REQUIRED_HEADERS, sentRequiredHeaders } from "./required-headers.js";

/**
 * `mini-codex exec`, signed in with ChatGPT (auth.json from a sign-in at the demo issuer, read
 * as is), runs a shell command on the demo's Codex backend; its requests carry the headers the
 * Codex CLI 0.171 sends there (the set in the shared wire capture of a signed-in Codex).
 */
const CAPTURE = "/work/shared/protocol-2026/captures/chatgpt-auth-zstd-http.json";

/** Which of the required headers the Codex CLI sent on its request to the backend (from the capture). */
function codexHeaderSet(): string[] {
  const capture = JSON.parse(readFileSync(CAPTURE, "utf8")) as Array<{
    seq?: number;
    headers?: Record<string, string>;
  }>;
  const request = capture.find((entry) => entry.seq === 1);
  return Object.keys(REQUIRED_HEADERS).filter((name) => request?.headers?.[name] !== undefined);
}

let server: DemoServer;
let world: TempWorld;
beforeAll(async () => {
  server = await startDemoServer();
  world = tempWorld();
});
afterAll(async () => {
  await server?.close();
  world?.cleanup();
});

describe("mini-codex exec signed in with ChatGPT, on the demo's Codex backend", () => {
  test("runs a command, reports plan usage, and sends the Codex CLI's required headers", async () => {
    await signedInHome(world.home, server.issuer.issuerUrl);
    const run = await runCli(backendExecArgs(server, "run: echo mini-on-backend"), {
      env: world.env(),
      cwd: world.repo,
    });
    expect(run.code, run.stderr).toBe(0);
    const events = jsonLines(run.stdout);
    expect(JSON.stringify(events)).toContain("mini-on-backend");
    const completed = events.find((e) => e.type === "turn.completed") as
      | { plan_usage?: { plan_type?: string; primary?: { window_minutes?: number } } }
      | undefined;
    expect(completed?.plan_usage?.primary?.window_minutes).toBe(300);
    expect(completed?.plan_usage?.plan_type).toBe("plus");
    const requests = server.requests;
    expect(requests.length).toBeGreaterThanOrEqual(2);
    const codex = codexHeaderSet();
    expect(codex).toEqual(Object.keys(REQUIRED_HEADERS)); // the capture has every one of them
    for (const request of requests) {
      expect(sentRequiredHeaders(request.headers)).toEqual(codex);
      expect((request.body as { store?: unknown }).store).toBe(false);
      const key = (request.body as { prompt_cache_key?: string }).prompt_cache_key;
      expect(request.headers.threadId).toBe(key);
      expect(request.headers.sessionId).toBe(key);
      expect(request.headers.originator).toBe("mini_codex"); // honest: never codex_exec
      expect(request.headers.userAgent).toMatch(/^mini-codex\//);
    }
  });
});

describe("mini-codex exec signed in with ChatGPT over HTTP (the code-cached bundle)", () => {
  // the zstd body toward the backend loads its WebAssembly on first use: from the V8 code cache
  // (the build's seed, read by a fresh home) a dynamic import() had no loader and failed every turn
  test("runs a turn with supports_websockets = false", async () => {
    await signedInHome(world.home, server.issuer.issuerUrl);
    const run = await runCli(
      backendExecArgs(server, "run: echo mini-over-http", [
        "model_providers.openai.supports_websockets=false",
      ]),
      { env: world.env(), cwd: world.repo },
    );
    expect(run.stdout + run.stderr).not.toContain("dynamic import");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.stringify(jsonLines(run.stdout))).toContain("mini-over-http");
    const overHttp = server.requests.filter((r) => r.transport === "http");
    expect(overHttp.length).toBeGreaterThanOrEqual(2);
    expect(overHttp.every((r) => r.headers.contentEncoding === "zstd")).toBe(true);
  });
});
