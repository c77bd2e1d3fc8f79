import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import {
  type CodexPlace,
  type CodexProcess,
  codexBinary,
  runCodexExec,
  startCodex,
} from "../demo/codex-cli.js";
import { jsonLines, runCli, spawnCli, type TempWorld, tempWorld, waitFor } from "../e2e/helpers.js";
import { backendExecArgs } from "./credentials.js";
import { canUnshareNet, type LoopbackOnly, loopbackOnly } from "./loopback-only.js";
import { REQUIRED_HEADERS, sentRequiredHeaders } from "./required-headers.js";
import { hasOpenssl, type TestCertificates, testCertificates } from "./test-ca.js";

/**
 * Issue 38, done when: the real Codex CLI 0.171 signed in against the demo's Codex backend runs
 * a chat and a shell command, and mini-codex's requests there carry the same required headers.
 * Codex routes the backend to HTTPS origins only (its workspace routing discovery), so the demo
 * serves HTTPS with a certificate from a CA made for this run, which Codex is told to trust
 * through CODEX_CA_CERTIFICATE and mini-codex through NODE_EXTRA_CA_CERTS. Every client runs in
 * a network namespace whose only destination is the demo (loopback-only.ts): a config key Codex
 * does not honour fails closed instead of reaching chatgpt.com.
 */
const binary = codexBinary();
const skip =
  "skip" in binary
    ? binary.skip
    : !canUnshareNet
      ? "no network namespaces on this machine"
      : !hasOpenssl
        ? "no openssl CLI to make the test CA"
        : undefined;
const codex = "path" in binary ? binary.path : "";
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

let root: string;
let certs: TestCertificates;
let server: DemoServer;
let offline: LoopbackOnly;
let world: TempWorld;
const running: CodexProcess[] = [];
beforeAll(async () => {
  if (skip) return;
  root = mkdtempSync(join(tmpdir(), "mini-codex-codex-backend-"));
  mkdirSync(join(root, "ca"));
  certs = testCertificates(join(root, "ca"));
  server = await startDemoServer({
    tls: { cert: certs.cert, key: certs.key },
    issuer: { deviceIntervalSeconds: 1 },
  });
  offline = await loopbackOnly(server.port, root);
  world = tempWorld();
});
afterAll(async () => {
  for (const process of running) process.stop();
  await offline?.close();
  await server?.close();
  world?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The person at the issuer's device page, entering the code (over HTTPS, trusting the test CA). */
function approveDevice(userCode: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const page = httpsRequest(
      `${server.issuer.issuerUrl}/codex/device`,
      {
        method: "POST",
        ca: readFileSync(certs.caFile),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    page.on("error", reject);
    page.end(new URLSearchParams({ user_code: userCode }).toString());
  });
}

/** The one-time code a device sign-in printed, once it has. */
async function deviceCode(output: () => string): Promise<string> {
  let code = "";
  await waitFor(() => {
    code = /\b([0-9A-F]{4}-[0-9A-F]{6})\b/.exec(stripAnsi(output()))?.[1] ?? "";
    return code !== "";
  }, 60_000);
  return code;
}

/** Every host Codex's HTTP client connected to (its `reqwest::connect` debug log). */
function connectionsOf(stderr: string): string[] {
  return [...stderr.matchAll(/starting new connection: (\S+)/g)].map((m) => m[1] ?? "");
}

/** The endpoint URLs `codex doctor --json` reports for the active provider. */
function doctorEndpoints(stdout: string): string[] {
  const report = JSON.parse(stdout) as {
    checks: Record<string, { details?: Record<string, string> }>;
  };
  const details = [
    report.checks["network.provider_reachability"]?.details ?? {},
    report.checks["network.websocket_reachability"]?.details ?? {},
  ];
  return details.flatMap((d) =>
    Object.values(d).flatMap((value) => value.match(/\b(?:https|wss|http|ws):\/\/\S+/g) ?? []),
  );
}

describe.skipIf(skip)("the real Codex CLI 0.171 on the demo's Codex backend (HTTPS)", () => {
  test("signed in by device code it runs a chat and a shell command; mini-codex sends the same required headers", async () => {
    const origin = server.issuer.issuerUrl; // https://127.0.0.1:PORT, the one origin of the demo
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const codexHome = join(root, "codex-home");
    const work = join(root, "work");
    const tmp = join(root, "codex-tmp");
    for (const dir of [codexHome, work, tmp]) mkdirSync(dir);
    writeFileSync(
      join(codexHome, "config.toml"),
      [
        // ChatGPT's routes (workspace discovery, the models list, plugins) and the built-in
        // openai provider's Responses endpoint: both on the demo
        `chatgpt_base_url = "${server.backendUrl}"`,
        `openai_base_url = "${server.backendUrl}codex"`,
        "",
        "[analytics]",
        "enabled = false",
        "",
      ].join("\n"),
    );
    const place: CodexPlace = {
      cwd: work,
      root,
      codexHome,
      tmp,
      env: {
        CODEX_CA_CERTIFICATE: certs.caFile,
        NO_COLOR: "1",
        RUST_LOG: "reqwest::connect=debug",
      },
      wrap: offline.wrap,
    };
    const start = (args: string[]) => {
      const process = startCodex(codex, args, place);
      running.push(process);
      return process;
    };

    // the config, checked before Codex holds any sign-in: every endpoint it names is the demo's
    const doctor = await start(["doctor", "--json"]).done;
    const endpoints = doctorEndpoints(doctor.stdout);
    expect(endpoints.length, doctor.stdout).toBeGreaterThanOrEqual(2);
    for (const url of endpoints) {
      expect(new URL(url).host).toBe(new URL(origin).host);
    }
    for (const host of connectionsOf(doctor.stderr)) expect(host).toBe(`${origin}/`);

    // Codex signs in by device code at the demo issuer (over HTTPS, trusting the test CA)
    const login = start(["login", "--device-auth", "--experimental_issuer", origin]);
    const out = () => login.output().stdout + login.output().stderr;
    expect(await approveDevice(await deviceCode(out))).toBe(200);
    const signedIn = await login.done;
    expect(signedIn.code, out()).toBe(0);
    expect(server.issuer.grants).toEqual([{ grantType: "authorization_code", ok: true }]);

    // a chat, then a shell command
    const chat = await runCodexExec(codex, { ...place, prompt: "hello from the codex cli" });
    expect(chat.code, chat.stderr).toBe(0);
    expect(JSON.stringify(chat.events)).toContain("You said: hello from the codex cli");
    const shell = await runCodexExec(codex, { ...place, prompt: "run: echo codex-on-backend" });
    expect(shell.code, shell.stderr).toBe(0);
    const ran = shell.events.find(
      (e) =>
        e.type === "item.completed" && (e.item as { type?: string }).type === "command_execution",
    )?.item as { aggregated_output?: string; exit_code?: number } | undefined;
    expect(ran?.aggregated_output).toBe("codex-on-backend\n");
    expect(ran?.exit_code).toBe(0);
    // nothing Codex's HTTP client opened went anywhere but the demo
    const hosts = [...connectionsOf(chat.stderr), ...connectionsOf(shell.stderr)];
    expect(hosts.length).toBeGreaterThan(0);
    expect(new Set(hosts)).toEqual(new Set([`${origin}/`]));

    // the demo received Codex's requests with the backend's required headers
    // its workspace routing discovery first (one per run), answered with the demo's HTTPS origin
    expect(server.accountChecks.length).toBeGreaterThanOrEqual(2);
    for (const headers of server.accountChecks) {
      expect(headers.authorizationPresent).toBe(true);
      expect(headers.chatgptAccountId).toBe(server.issuer.account.accountId);
    }
    const fromCodex: RecordedRequest[] = [...server.requests];
    expect(fromCodex.length).toBeGreaterThanOrEqual(3);
    for (const request of fromCodex) {
      expect(sentRequiredHeaders(request.headers)).toEqual(Object.keys(REQUIRED_HEADERS));
      expect(request.headers.originator).toBe("codex_exec");
      expect((request.body as { store?: unknown }).store).toBe(false);
    }
    expect(server.catalogRequests.length).toBeGreaterThan(0);
    for (const { headers } of server.catalogRequests) {
      expect(headers.authorizationPresent).toBe(true);
      expect(headers.chatgptAccountId).toBe(server.issuer.account.accountId);
    }

    // mini-codex, signed in by device code the same way, on the same backend, live
    const env = world.env({ NODE_EXTRA_CA_CERTS: certs.caFile });
    const miniLogin = spawnCli(["login", "--device-auth", "--experimental_issuer", origin], {
      env,
      wrapper: offline.prefix,
    });
    const miniOut = () => miniLogin.output().stdout + miniLogin.output().stderr;
    expect(await approveDevice(await deviceCode(miniOut))).toBe(200);
    expect((await miniLogin.done).code, miniOut()).toBe(0);
    const mini = await runCli(backendExecArgs(server, "run: echo mini-on-backend"), {
      env,
      cwd: world.repo,
      wrapper: offline.prefix,
    });
    expect(mini.code, mini.stderr).toBe(0);
    expect(JSON.stringify(jsonLines(mini.stdout))).toContain("mini-on-backend");
    const fromMini = server.requests.slice(fromCodex.length);
    expect(fromMini.length).toBeGreaterThanOrEqual(2);
    const codexSets = new Set(fromCodex.map((r) => sentRequiredHeaders(r.headers).join(",")));
    const miniSets = new Set(fromMini.map((r) => sentRequiredHeaders(r.headers).join(",")));
    expect(miniSets).toEqual(codexSets);
    for (const request of fromMini) {
      expect(request.headers.originator).toBe("mini_codex"); // honest: never codex_exec
      expect((request.body as { store?: unknown }).store).toBe(false);
    }
  }, 300_000);
});
