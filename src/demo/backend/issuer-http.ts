import type { IncomingMessage, ServerResponse } from "node:http";
import type { DemoIssuer, IssuerRefusal } from "./issuer.js";

/** The paths the demo issuer answers (the real issuer's, under the demo server's origin). */
const ISSUER_PATHS = new Set([
  "/oauth/authorize",
  "/oauth/token",
  "/api/accounts/deviceauth/usercode",
  "/api/accounts/deviceauth/token",
  "/codex/device",
  "/deviceauth/callback",
]);

export function isIssuerPath(path: string): boolean {
  return ISSUER_PATHS.has(path);
}

const MAX_FORM_BYTES = 64 * 1024;

/** Answer one issuer request (the path is one of ISSUER_PATHS). */
export async function handleIssuer(
  req: IncomingMessage,
  res: ServerResponse,
  issuer: DemoIssuer,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://issuer.invalid");
  const now = Date.now();
  const path = url.pathname;
  if (path === "/oauth/authorize" && req.method === "GET") {
    const answer = issuer.authorize(url.searchParams, now);
    if ("status" in answer)
      return sendPage(res, answer.status, "Sign-in refused", describe(answer));
    // the demo account approves at once: the browser is sent back to the CLI's callback
    const back = new URL(url.searchParams.get("redirect_uri") as string);
    back.searchParams.set("code", answer.code);
    back.searchParams.set("state", url.searchParams.get("state") as string);
    res.writeHead(302, { Location: back.toString(), "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<p>Signed in as ${escapeHtml(issuer.account.email)}. <a href="${escapeHtml(back.toString())}">Continue</a></p>`,
    );
    return;
  }
  if (path === "/codex/device") {
    if (req.method === "POST") {
      const form = await readParams(req);
      const approved = issuer.approveDevice(form.user_code ?? "", now);
      return approved
        ? sendPage(
            res,
            200,
            "Signed in",
            `Signed in as ${escapeHtml(issuer.account.email)}. Return to the terminal.`,
          )
        : sendPage(res, 400, "Unknown code", "That code is unknown or has expired.");
    }
    return sendPage(
      res,
      200,
      "Sign in with a device code",
      '<form method="post"><input name="user_code" placeholder="XXXX-XXXXXX"><button>Continue</button></form>',
    );
  }
  if (req.method !== "POST") return sendJson(res, 405, { error: "method_not_allowed" });
  const params = await readParams(req).catch(() => undefined);
  if (!params)
    return sendJson(res, 400, { error: "invalid_request", error_description: "unreadable body" });
  if (path === "/oauth/token") return sendAnswer(res, issuer.token(params, now));
  if (path === "/api/accounts/deviceauth/usercode") {
    return sendAnswer(res, issuer.deviceCode(params.client_id, now));
  }
  if (path === "/api/accounts/deviceauth/token") {
    return sendAnswer(res, issuer.pollDevice(params.device_auth_id, params.user_code, now));
  }
  sendJson(res, 404, { error: "not_found" });
}

function sendAnswer(res: ServerResponse, answer: IssuerRefusal | object): void {
  if ("status" in answer && "body" in answer) sendJson(res, answer.status, answer.body);
  else sendJson(res, 200, answer);
}

function describe(refused: IssuerRefusal): string {
  const { error, error_description: description } = refused.body as Record<string, unknown>;
  return escapeHtml(`${String(error)}: ${String(description ?? "")}`);
}

/** A form (`application/x-www-form-urlencoded`) or JSON body as string fields. */
async function readParams(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    const json: unknown = JSON.parse(text || "{}");
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries((json ?? {}) as Record<string, unknown>)) {
      if (typeof value === "string") out[key] = value;
    }
    return out;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** An HTML page; `body` is HTML (callers escape what they put in it). */
function sendPage(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${body}</p>`;
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
