import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import {
  type ClientConnection,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  client,
  ndJsonStream,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { BIN, type TempWorld, waitFor } from "./helpers.js";

/**
 * `mini-codex acp` as an editor runs it: the built binary as a child process, driven over its
 * stdio by the ACP SDK's client side. Every session update and permission request it sends is
 * kept for the test to read.
 */
export interface AcpAgent {
  child: ChildProcessWithoutNullStreams;
  connection: ClientConnection;
  /** Every `session/update`, in order. */
  updates: SessionNotification[];
  /** Every permission request, in order. */
  permissions: RequestPermissionRequest[];
  /** Every elicitation (form) request, in order. */
  elicitations: CreateElicitationRequest[];
  /** How elicitations are answered (default: cancelled). */
  elicit: (request: CreateElicitationRequest) => CreateElicitationResponse;
  /** What the next permission requests are answered (an option id; default the first option). */
  answer: (request: RequestPermissionRequest) => RequestPermissionResponse;
  stderr(): string;
  /** The updates of one kind for a session. */
  of<K extends SessionUpdate["sessionUpdate"]>(
    kind: K,
    sessionId?: string,
  ): Array<Extract<SessionUpdate, { sessionUpdate: K }>>;
  /** Wait for an update that satisfies `predicate`. */
  until(predicate: (update: SessionUpdate) => boolean, what: string): Promise<SessionUpdate>;
  stop(): Promise<void>;
}

export function startAcp(world: TempWorld, args: string[], wrapper: string[] = []): AcpAgent {
  const [command = process.execPath, ...before] = wrapper;
  const argv =
    wrapper.length > 0 ? [...before, process.execPath, BIN, "acp", ...args] : [BIN, "acp", ...args];
  const child = spawn(command, argv, {
    cwd: world.repo,
    env: world.env(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const agent: AcpAgent = {
    child,
    connection: undefined as unknown as ClientConnection,
    updates: [],
    permissions: [],
    elicitations: [],
    elicit: () => ({ action: "cancel" }),
    answer: (request) => ({
      outcome: { outcome: "selected", optionId: request.options[0]?.optionId ?? "" },
    }),
    stderr: () => stderr,
    of(kind, sessionId) {
      return agent.updates
        .filter((n) => sessionId === undefined || n.sessionId === sessionId)
        .map((n) => n.update)
        .filter(
          (u): u is Extract<SessionUpdate, { sessionUpdate: typeof kind }> =>
            u.sessionUpdate === kind,
        );
    },
    async until(predicate, what) {
      let found: SessionUpdate | undefined;
      await waitFor(() => {
        found = agent.updates.map((n) => n.update).find(predicate);
        return found !== undefined;
      }).catch(() => {
        throw new Error(`no update: ${what}; stderr:\n${stderr}`);
      });
      return found as SessionUpdate;
    },
    async stop() {
      agent.connection.close();
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => child.once("close", resolve));
      }
    },
  };
  agent.connection = client({ name: "mini-codex-test" })
    .onNotification("session/update", ({ params }) => {
      agent.updates.push(params);
    })
    .onRequest("session/request_permission", ({ params }) => {
      agent.permissions.push(params);
      return agent.answer(params);
    })
    .onRequest("elicitation/create", ({ params }) => {
      agent.elicitations.push(params);
      return agent.elicit(params);
    })
    .connect(stream);
  return agent;
}

/** The text of every agent message chunk of a session, joined. */
export function agentText(agent: AcpAgent, sessionId: string): string {
  return agent
    .of("agent_message_chunk", sessionId)
    .map((u) => (u.content.type === "text" ? u.content.text : ""))
    .join("");
}
