import {
  type ListSessionsRequest,
  type ListSessionsResponse,
  RequestError,
  type RequestId,
} from "@agentclientprotocol/sdk";
import type { Runtime, SharedFlags } from "../launch/index.js";
import { CliError, resolveHomes } from "../launch/index.js";
import { errorMessage } from "../protocol/index.js";
import { listSessions } from "../session/index.js";
import { AcpSession, type EditorLink } from "./acp-session.js";
import { askYesNo } from "./client-questions.js";
import {
  type Ask,
  RuntimeLoader,
  type SessionPlace,
  settleTrust,
  trustToAsk,
} from "./session-runtime.js";

// The ACP sessions of one connection, by id (the mini-codex session id): opened new, loaded or
// resumed from their session files, listed from the sessions folder, closed one by one or all
// at the connection's end. A session made here resumes in the TUI and the other way round: both
// read and write the same session files (one process at a time, under the file's lock).

/** The flags every session starts from (the command line's, with `--demo` once chosen by authenticate). */
export type FlagsNow = () => SharedFlags;

/** `session/list`'s page size (a cursor gives the next page). */
const PAGE = 50;

export class AcpSessions {
  private readonly open = new Map<string, AcpSession>();

  constructor(
    private readonly flags: FlagsNow,
    private readonly link: EditorLink,
  ) {}

  has(id: string): boolean {
    return this.open.has(id);
  }

  /** The open session `id`, or the protocol's "not found" error (closed, never opened). */
  get(id: string): AcpSession {
    const session = this.open.get(id);
    if (!session) throw RequestError.sessionNotFound(id);
    return session;
  }

  /**
   * Open a session at `place`: a new one, or a saved one (`replay`: its conversation is sent
   * first). Trust questions are asked now where the editor takes a form (an elicitation tied to
   * this request), else before the first prompt (a permission request needs the session's id).
   */
  async openAt(place: SessionPlace, requestId: RequestId, replay = false): Promise<AcpSession> {
    const saved = place.resume?.id;
    if (saved && this.open.has(saved)) {
      throw RequestError.invalidRequest(
        { sessionId: saved },
        `session ${saved} is already open here`,
      );
    }
    const loader = opening(() => new RuntimeLoader(this.flags(), place), saved);
    if (loader.needsSignIn()) {
      throw RequestError.authRequired(
        { authMethods: ["chatgpt", "api-key", "demo"] },
        "sign in first (authenticate), or start the agent with --demo",
      );
    }
    let runtime: Runtime;
    try {
      runtime = await loader.load();
    } catch (error) {
      throw asRequestError(error, saved);
    }
    const pending = trustToAsk(runtime);
    const now = Boolean(this.link.capabilities?.elicitation?.form);
    let session: AcpSession;
    try {
      if (pending.folder && !now) {
        // restricted until the person answers (before the first prompt)
        await runtime.close();
        runtime = await loader.load(pending.folder);
      } else if (pending.folder || pending.hooks) {
        runtime = (await settleTrust(loader, runtime, pending, this.ask(requestId, ""))).runtime;
      }
      session = await AcpSession.open(runtime, this.link, {
        ...(place.resume ? { resume: place.resume } : {}),
        replay,
      });
    } catch (error) {
      await runtime.close();
      throw asRequestError(error, saved);
    }
    if (!now && (pending.folder || pending.hooks)) {
      const opened = session;
      session.askBeforeFirstPrompt(async () => {
        const said = loader.notes.length;
        const settled = await settleTrust(
          loader,
          opened.runtime,
          pending,
          this.ask(undefined, opened.id),
        );
        for (const note of loader.notes.slice(said)) opened.say(note);
        return settled;
      });
    }
    this.open.set(session.id, session);
    // said once the response is out (the editor knows the session then)
    const notes = [...loader.notes];
    setImmediate(() => session.announce(notes));
    return session;
  }

  private ask(requestId: RequestId | undefined, sessionId: string): Ask {
    return (question) =>
      askYesNo(this.link, {
        ...question,
        sessionId,
        ...(requestId !== undefined ? { requestId } : {}),
      });
  }

  list(params: ListSessionsRequest): ListSessionsResponse {
    const all = listSessions(resolveHomes().state, params.cwd ?? undefined).filter(
      (summary) => !summary.spawnedBy,
    );
    const from = Number(params.cursor ?? 0) || 0;
    const page = all.slice(from, from + PAGE);
    return {
      sessions: page.map((summary) => ({
        sessionId: summary.id,
        cwd: summary.cwd,
        title: summary.firstMessage || null,
        updatedAt: new Date(summary.updatedMs).toISOString(),
      })),
      ...(from + PAGE < all.length ? { nextCursor: String(from + PAGE) } : {}),
    };
  }

  async close(id: string): Promise<void> {
    const session = this.get(id);
    this.open.delete(id);
    await session.close();
  }

  /** The connection ended: every session stops and lets its file go. */
  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.allSettled(all.map((session) => session.close()));
  }
}

/** Opening a saved session that is not there (or is open elsewhere) is the protocol's error. */
function opening<T>(make: () => T, saved: string | undefined): T {
  try {
    return make();
  } catch (error) {
    throw asRequestError(error, saved);
  }
}

function asRequestError(error: unknown, saved: string | undefined): unknown {
  if (error instanceof RequestError) return error;
  if (
    error instanceof CliError &&
    saved &&
    /no saved session|not a session id/.test(error.message)
  ) {
    return new RequestError(-32002, error.message, { sessionId: saved });
  }
  if (error instanceof Error) return RequestError.internalError({}, errorMessage(error));
  return error;
}
