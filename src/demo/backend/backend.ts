import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { PlanUsage } from "../../protocol/index.js";
import { TURN_STATE_HEADER } from "../../protocol/index.js";
import {
  type BackendCaller,
  type BackendRefusal,
  backendCaller,
  isRefusal,
  TOKEN_EXPIRED,
  type TokenVerifier,
} from "./backend-token.js";
import { PlanUsageBook, type TokenUse, usageLimitBody } from "./backend-usage.js";

/**
 * The demo server's emulation of the ChatGPT Codex backend (docs/protocol.md, "The demo
 * server"): the same Responses engine under `/backend-api/codex/`, behind the backend's rules —
 * a ChatGPT token and its `chatgpt-account-id`, `store: false` or a 400, a turn-state value set
 * on each response and echoed back, plan usage in headers and `codex.rate_limits` events, and
 * `usage_limit_reached` (429) once the 5-hour window is spent or on the phrase below.
 */
const BACKEND_PREFIX = "/backend-api/codex";
export const BACKEND_RESPONSES_PATH = `${BACKEND_PREFIX}/responses`;
export const BACKEND_MODELS_PATH = `${BACKEND_PREFIX}/models`;
/** The workspaces the token may act for: the Codex CLI asks before its first request. */
export const ACCOUNTS_CHECK_PATH = "/backend-api/wham/accounts/check";
/** The backend's words for an expired access token (its 401 body's `error.message`). */
const TOKEN_EXPIRED_MESSAGE =
  "Provided authentication token is expired. Please try signing in again.";
/** A user message with this text is answered with the 429 (the limit is not spent by it). */
const USAGE_LIMIT_PHRASE = "demo:usage-limit";

export function isBackendPath(path: string): boolean {
  return (
    path === BACKEND_RESPONSES_PATH || path === BACKEND_MODELS_PATH || path === ACCOUNTS_CHECK_PATH
  );
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class DemoBackend {
  readonly usage: PlanUsageBook;
  /**
   * How far the backend's clock runs ahead of its clients' (a test hook, default 0): a token
   * expires sooner in its view, so a client that holds it valid meets the 401 a refresh cures.
   */
  clockAheadMs = 0;
  /** Each request or upgrade refused for its token or account, in order. */
  readonly refusals: BackendRefusal[] = [];
  /** Each turn-state value issued, and the thread (`thread-id`) whose turn it routes. */
  private readonly issued = new Map<string, string>();
  /**
   * Requests and upgrades that sent a turn state this backend did not issue to their thread
   * (another thread's, or none it knows): not routed by it, answered with a fresh one.
   */
  misroutedTurnStates = 0;
  private limitNext = false;

  constructor(
    private readonly verify?: TokenVerifier,
    private readonly now: () => number = Date.now,
  ) {
    this.usage = new PlanUsageBook(now);
  }

  /** Who the request (or upgrade) is from, or the 401/403 the backend answers. */
  caller(req: IncomingMessage): BackendCaller | BackendRefusal {
    const who = backendCaller(
      { authorization: header(req, "authorization"), accountId: header(req, "chatgpt-account-id") },
      this.now() + this.clockAheadMs,
      this.verify,
    );
    if (isRefusal(who)) this.refusals.push(who);
    return who;
  }

  /** The backend keeps nothing: `store` must be sent, and false. */
  bodyRefusal(body: unknown): BackendRefusal | undefined {
    const store = (body as { store?: unknown } | null)?.store;
    return store === false ? undefined : { status: 400, detail: "Store must be set to false" };
  }

  /**
   * The turn state to answer with: the request's own when the demo issued it to the same
   * thread (it routes that thread's turn), else a new one bound to the request's thread — a
   * value replayed from another thread is not routed by (and counted in `misroutedTurnStates`).
   */
  turnState(req: IncomingMessage): string {
    const sent = header(req, TURN_STATE_HEADER);
    const thread = header(req, "thread-id") ?? "";
    if (sent && this.issued.get(sent) === thread) return sent;
    if (sent) this.misroutedTurnStates++;
    const fresh = `ts_${randomUUID()}`;
    this.issued.set(fresh, thread);
    return fresh;
  }

  /**
   * A request frame on an open socket whose upgrade token has expired since (or was never
   * valid): the backend's wrapped error frame — `status` 401 and the error body it sends over
   * HTTP (`token_expired`, "Provided authentication token is expired…"), which the Codex CLI
   * reads as a 401 and answers with one refresh and a new connection.
   */
  socketRefusal(req: IncomingMessage): Record<string, unknown> | undefined {
    const who = this.caller(req);
    if (!isRefusal(who)) return undefined;
    const expired = who.code === TOKEN_EXPIRED;
    const message = expired ? TOKEN_EXPIRED_MESSAGE : who.detail;
    const error = { message, type: null, code: who.code ?? null, param: null };
    return { type: "error", status: who.status, error };
  }

  /** The next request of any account gets the 429 (a test hook). */
  usageLimitNext(): void {
    this.limitNext = true;
  }

  /** The `usage_limit_reached` error body when this request is refused for it, else undefined. */
  limitFor(caller: BackendCaller, body: unknown): Record<string, unknown> | undefined {
    const asked = lastUserText(body).includes(USAGE_LIMIT_PHRASE);
    if (!asked && !this.limitNext && !this.usage.reached(caller.accountId)) return undefined;
    this.limitNext = false;
    return usageLimitBody(this.planUsage(caller), this.now());
  }

  planUsage(caller: BackendCaller): PlanUsage {
    return this.usage.usage(caller.accountId, caller.planType);
  }

  /** Charge an accepted response's usage (the plan is charged when the request is accepted). */
  charge(caller: BackendCaller, response: { steps: ReadonlyArray<{ event: object }> }): void {
    this.usage.charge(caller.accountId, responseUsage(response.steps));
  }
}

/** `GET …/wham/accounts/check`: the caller's one workspace, as the Codex CLI reads the answer. */
export function accountsCheck(caller: BackendCaller, origin: string): Record<string, unknown> {
  return {
    accounts: [
      {
        id: caller.accountId,
        plan_type: caller.planType,
        workspace_backend_origin: origin,
        account_routing_override: "NO_CONSTRAINT",
      },
    ],
    default_account_id: caller.accountId,
  };
}

/** The usage the response's terminal event will report. */
function responseUsage(steps: ReadonlyArray<{ event: object }>): TokenUse | undefined {
  for (const step of [...steps].reverse()) {
    const usage = (step.event as { response?: { usage?: TokenUse } }).response?.usage;
    if (usage) return usage;
  }
  return undefined;
}

function lastUserText(body: unknown): string {
  const input = (body as { input?: unknown } | null)?.input;
  if (typeof input === "string") return input;
  if (!Array.isArray(input)) return "";
  const user = input.findLast((item) => (item as { role?: unknown } | null)?.role === "user") as
    | { content?: unknown }
    | undefined;
  if (typeof user?.content === "string") return user.content;
  if (!Array.isArray(user?.content)) return "";
  return user.content
    .map((part) => (part as { text?: unknown } | null)?.text)
    .filter((text): text is string => typeof text === "string")
    .join("\n");
}
