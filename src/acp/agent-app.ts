import {
  type AgentApp,
  agent,
  type ClientCapabilities,
  type ContentBlock,
  type McpServer,
  methods,
  RequestError,
} from "@agentclientprotocol/sdk";
import type { SharedFlags } from "../launch/index.js";
import type { AcpSession, EditorLink } from "./acp-session.js";
import { initializeResponse } from "./initialize.js";
import { ownMeta, STEER_METHOD } from "./own-meta.js";
import type { SessionPlace } from "./session-runtime.js";
import type { AcpSessions } from "./sessions.js";

// The agent's request handlers, one per ACP method, over one connection: initialize and
// authenticate, the session lifecycle (new, load, resume, list, close), prompt and cancel, modes
// and config options, and the steering extension. Each hands its work to the session table or
// the session; an error becomes the request's JSON-RPC error and the agent goes on serving.
// The engine (sessions.ts and below) and the sign-ins load on first use: initialize is answered
// by this file and the SDK alone.

interface AgentSetup {
  flags: SharedFlags;
  version: string;
}

/** The agent, and the sessions it opened (closed when the connection ends). */
export function agentApp(setup: AgentSetup): {
  app: AgentApp;
  sessions: () => AcpSessions | undefined;
} {
  let capabilities: ClientCapabilities | undefined;
  let demo = false;
  let table: AcpSessions | undefined;
  let loading: Promise<AcpSessions> | undefined;
  const flags = (): SharedFlags => (demo ? { ...setup.flags, demo: true } : setup.flags);
  const sessions = (link: EditorLink["client"]): Promise<AcpSessions> => {
    loading ??= import("./sessions.js").then(({ AcpSessions }) => {
      table = new AcpSessions(flags, {
        client: link,
        get capabilities() {
          return capabilities;
        },
      });
      return table;
    });
    return loading;
  };
  const session = async (link: EditorLink["client"], id: string): Promise<AcpSession> =>
    (await sessions(link)).get(id);
  const opened = (s: AcpSession) => ({
    modes: s.modes(),
    configOptions: s.configOptions(),
    _meta: ownMeta({ session_id: s.id, cwd: s.runtime.cwd, model: s.session.status().model }),
  });

  const app = agent({ name: "mini-codex" })
    .onRequest(methods.agent.initialize, ({ params }) => {
      capabilities = params.clientCapabilities;
      return initializeResponse(params, setup.version);
    })
    .onRequest(methods.agent.authenticate, async ({ params, client, requestId, signal }) => {
      const { authenticate } = await import("./authenticate.js");
      await authenticate(params.methodId, {
        client,
        capabilities,
        requestId,
        signal,
        chooseDemo: () => {
          demo = true;
        },
      });
      return {};
    })
    .onRequest(methods.agent.session.new, async ({ params, client, requestId }) => {
      const s = await (await sessions(client)).openAt(placeOf(params), requestId);
      return { sessionId: s.id, ...opened(s) };
    })
    .onRequest(methods.agent.session.load, async ({ params, client, requestId }) => {
      const place = placeOf(params, params.sessionId);
      return opened(await (await sessions(client)).openAt(place, requestId, true));
    })
    .onRequest(methods.agent.session.resume, async ({ params, client, requestId }) => {
      const place = placeOf(params, params.sessionId);
      return opened(await (await sessions(client)).openAt(place, requestId));
    })
    .onRequest(methods.agent.session.list, async ({ params, client }) =>
      (await sessions(client)).list(params),
    )
    .onRequest(methods.agent.session.close, async ({ params, client }) => {
      await (await sessions(client)).close(params.sessionId);
      return {};
    })
    .onRequest(methods.agent.session.prompt, async ({ params, client }) =>
      (await session(client, params.sessionId)).prompt(params.prompt),
    )
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      // a cancel for a session already closed has nothing to stop
      if (table?.has(params.sessionId)) table.get(params.sessionId).cancel();
    })
    .onRequest(methods.agent.session.setMode, async ({ params, client }) => {
      const applied = await (await session(client, params.sessionId)).setMode(params.modeId);
      return { _meta: ownMeta({ applies_after_turn: applied.appliesAfterTurn }) };
    })
    .onRequest(methods.agent.session.setConfigOption, async ({ params, client }) => {
      if (typeof params.value !== "string") {
        throw RequestError.invalidParams(
          { configId: params.configId },
          "the options here take a value id",
        );
      }
      const s = await session(client, params.sessionId);
      return { configOptions: s.setConfigOption(params.configId, params.value) };
    })
    .onRequest(
      STEER_METHOD,
      (raw: unknown) => steerParams(raw),
      async ({ params, client }) => {
        const receipt = (await session(client, params.sessionId)).steer(params.prompt);
        return { _meta: ownMeta({ steer_id: receipt.id, state: receipt.state }) };
      },
    );
  return { app, sessions: () => table };
}

/** Where a session opens: the editor's directory, its other roots and MCP servers; a saved id. */
function placeOf(
  params: { cwd: string; additionalDirectories?: string[]; mcpServers?: McpServer[] },
  saved?: string,
): SessionPlace {
  return {
    cwd: params.cwd,
    ...(params.additionalDirectories
      ? { additionalDirectories: params.additionalDirectories }
      : {}),
    mcpServers: params.mcpServers ?? [],
    ...(saved ? { resume: { id: saved } } : {}),
  };
}

/** `_mini-codex/steer`'s params: `{ sessionId, prompt: ContentBlock[] }`. */
function steerParams(raw: unknown): { sessionId: string; prompt: ContentBlock[] } {
  const params = raw as { sessionId?: unknown; prompt?: unknown } | null;
  if (!params || typeof params.sessionId !== "string" || !Array.isArray(params.prompt)) {
    throw RequestError.invalidParams({}, "expected { sessionId, prompt: ContentBlock[] }");
  }
  return { sessionId: params.sessionId, prompt: params.prompt as ContentBlock[] };
}
