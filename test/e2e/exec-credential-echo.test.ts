import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CREDENTIAL_REMOVED } from "../../src/protocol/sent-credentials.js";
import { signedInHome } from "../auth/demo-sign-in.js";
import { backendExecArgs } from "../backend/credentials.js";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

// A server that sends back the credential it was sent (the demo's `demo:echo-credential`: in its
// message, split across two deltas, in its reasoning summary and in a shell_command that writes it
// to leaked.txt), reached by the real binary with an API key and with a ChatGPT sign-in, over the
// WebSocket and over HTTP: the credential is in nothing exec prints, the session file, the ledger
// or the file the command wrote; the marker is.

const KEY = "sk-test-echoed-Zq8v1Kd93LmP0aXy";

const suite = demoSuite();

/** Every file under `dir` but auth.json (where a credential belongs), as text. */
function filesUnder(dir: string, except = "auth.json"): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== except)
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "latin1"));
}

function apiKeyArgs(json: boolean, websockets: boolean): string[] {
  const { server } = suite;
  return [
    "exec",
    ...(json ? ["--json"] : []),
    "-c",
    `openai_base_url="${server.baseUrl}"`,
    "-c",
    `model_providers.openai.supports_websockets=${websockets}`,
    "-s",
    "danger-full-access",
    "demo:echo-credential",
  ];
}

function chatgptArgs(json: boolean, websockets: boolean): string[] {
  const args = backendExecArgs(suite.server, "demo:echo-credential", [
    `model_providers.openai.supports_websockets=${websockets}`,
  ]);
  return json ? args : args.filter((arg) => arg !== "--json");
}

describe("a server that echoes the credential it was sent", () => {
  it.each([
    ["an API key", "exec --json", "WebSocket"],
    ["an API key", "exec", "HTTP"],
    ["a ChatGPT sign-in", "exec --json", "HTTP"],
    ["a ChatGPT sign-in", "exec", "WebSocket"],
  ])("%s, %s, over %s: the credential is nowhere, the marker is", async (signIn, exec, over) => {
    const { server, world } = suite;
    const json = exec === "exec --json";
    const websockets = over === "WebSocket";
    let credential = KEY;
    let args = apiKeyArgs(json, websockets);
    let env = world.env({ OPENAI_API_KEY: KEY });
    if (signIn === "a ChatGPT sign-in") {
      credential = (await signedInHome(world.home, server.issuer.issuerUrl)).access_token;
      args = chatgptArgs(json, websockets);
      env = world.env();
    }
    const before = server.requests.length;
    const run = await runCli(args, { env, cwd: world.repo });
    expect(run.code, run.stderr).toBe(0);
    const requests = server.requests.slice(before);
    expect(requests.every((r) => r.headers.authorizationPresent)).toBe(true);
    expect(new Set(requests.map((r) => r.transport))).toEqual(
      new Set([websockets ? "ws" : "http"]),
    );

    const leaked = readFileSync(join(world.repo, "leaked.txt"), "utf8");
    expect(leaked).toBe(`${CREDENTIAL_REMOVED}\n`);
    const printed = json ? JSON.stringify(jsonLines(run.stdout)) : `${run.stdout}\n${run.stderr}`;
    expect(printed).toContain(`The credential this request carried: ${CREDENTIAL_REMOVED}`);
    const kept = filesUnder(join(world.home, "sessions"));
    expect(kept.length).toBeGreaterThanOrEqual(2); // the session file and its ledger
    for (const text of [run.stdout, run.stderr, leaked, ...kept, ...filesUnder(world.repo)]) {
      expect(text).not.toContain(credential);
    }
    expect(kept.join("\n")).toContain(CREDENTIAL_REMOVED);
    // the home holds it only in auth.json (a sign-in's own file), never anywhere else
    for (const text of filesUnder(world.home)) expect(text).not.toContain(credential);
  });
});
