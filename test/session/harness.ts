import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoServer } from "../../src/demo/index.js";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import type { ResponseItem } from "../../src/protocol/items.js";
import type { SessionOptions } from "../../src/session/api.js";
import { buildInitialContext } from "../../src/session/context/environment.js";
import type { SessionEvent } from "../../src/session/events.js";
import type { LedgerRow } from "../../src/session/ledger/ledger-row.js";
import { ledgerPath, readLedger } from "../../src/session/store/ledger-file.js";
import type { ProviderSettings } from "../../src/session/wire/provider-settings.js";
import { createToolRouter } from "../../src/tools/index.js";
import { createSession, type Session } from "../../src/turn/agent-session.js";
import type { SessionTransports } from "../../src/turn/request-path.js";
import { startCheckedDemoServer } from "../demo/client-check.js";

export interface Harness {
  server: DemoServer;
  home: string;
  cwd: string;
  session: Session;
  events: SessionEvent[];
  /** Requests the server recorded, in order. */
  requests(): RecordedRequest[];
  ledger(): LedgerRow[];
  close(): Promise<void>;
}

export function provider(
  baseUrl: string,
  overrides: Partial<ProviderSettings> = {},
): ProviderSettings {
  return {
    id: "demo",
    name: "Demo",
    baseUrl,
    supportsWebsockets: true,
    requestMaxRetries: 0,
    streamMaxRetries: 5,
    streamIdleTimeoutMs: 10_000,
    websocketConnectTimeoutMs: 5_000,
    wsLanes: "auto",
    wsMaxLanes: 4,
    wsEpochMaxRequests: 0,
    ...overrides,
  };
}

/** The options of a harness session (a test may open a second one over the same home). */
export function harnessSessionOptions(at: {
  id: string;
  baseUrl: string;
  home: string;
  cwd: string;
  providerOverrides?: Partial<ProviderSettings> | undefined;
}): SessionOptions {
  const { cwd } = at;
  return {
    id: at.id,
    provider: provider(at.baseUrl, at.providerOverrides),
    settings: { model: "demo-1" },
    instructions: "You are the test agent.",
    tools: createToolRouter(),
    cwd,
    workspaceRoots: [cwd],
    sandbox: "workspace-write",
    approvalPolicy: "never",
    home: at.home,
    initialContext: buildInitialContext({
      cwd,
      shell: "bash",
      sandbox: "workspace-write",
      approvalPolicy: "never",
      now: new Date("2026-01-02T03:04:05Z"),
      timezone: "UTC",
    }),
    warmup: true,
    version: "0.0.0-test",
  };
}

export async function startHarness(
  options: Partial<SessionOptions> & {
    /** Or a function of the server (e.g. its Codex backend URL). */
    providerOverrides?:
      | Partial<ProviderSettings>
      | ((server: DemoServer) => Partial<ProviderSettings>);
  } = {},
  transports: SessionTransports = {},
): Promise<Harness> {
  const server = await startCheckedDemoServer();
  const home = mkdtempSync(join(tmpdir(), "mini-codex-home-"));
  // a given cwd (e.g. a resume in the directory of a first session) stays the caller's to remove
  const ownCwd = options.cwd === undefined;
  const cwd = options.cwd ?? mkdtempSync(join(tmpdir(), "mini-codex-cwd-"));
  // shell_command runs `bash -lc`: an isolated HOME keeps the machine's login profile out
  const realHome = process.env.HOME;
  process.env.HOME = home;
  const { providerOverrides: given, ...rest } = options;
  const providerOverrides = typeof given === "function" ? given(server) : given;
  const id = `sess-${Math.random().toString(36).slice(2, 10)}`;
  const session = createSession(
    {
      ...harnessSessionOptions({ id, baseUrl: server.baseUrl, home, cwd, providerOverrides }),
      ...rest,
    },
    transports,
  );
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  return {
    server,
    home,
    cwd,
    session,
    events,
    requests: () => server.requests,
    ledger: () => readLedger(ledgerPath(home, session.id)).rows,
    async close() {
      process.env.HOME = realHome;
      await session.close();
      await server.close();
      rmSync(home, { recursive: true, force: true });
      if (ownCwd) rmSync(cwd, { recursive: true, force: true });
    },
  };
}

export function ledgerText(h: Harness): string {
  return readFileSync(ledgerPath(h.home, h.session.id), "utf8");
}

/** The `input` items a recorded request carried on the wire. */
export function wireInput(request: RecordedRequest | undefined): ResponseItem[] {
  return ((request?.body as { input?: ResponseItem[] } | undefined)?.input ?? []) as ResponseItem[];
}

/** Modes of the requests the session reported, in order. */
export function modes(h: Harness): string[] {
  return h.events.flatMap((e) =>
    e.type === "request_finished"
      ? [`${e.request.mode}${e.request.reason ? `:${e.request.reason}` : ""}`]
      : [],
  );
}

/** Poll until `predicate` holds (no fixed sleeps in tests). */
export async function waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
