import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorMessage } from "../protocol/index.js";
import { exchangeCode, type IssuedTokens, pkcePair } from "./code-exchange.js";
import { AuthError } from "./credentials.js";
import type { SignInIssuer } from "./issuer.js";

/** Codex's callback ports: 1455, else 1457 (the two the real issuer's allow-list names). */
const CALLBACK_PORT = 1455;
const FALLBACK_CALLBACK_PORT = 1457;
/** Codex's scopes. */
const SIGN_IN_SCOPE =
  "openid profile email offline_access api.connectors.read api.connectors.invoke";

interface BrowserSignIn {
  /** The page to open in a browser (always printed too). */
  authUrl: string;
  port: number;
  /** The tokens, once the browser came back to the callback with a code that was exchanged. */
  done: Promise<IssuedTokens>;
  /** Stop waiting (Ctrl+C): `done` rejects and the callback server closes. */
  cancel(): void;
}

/** The authorize URL with Codex's parameters (codex-rs/login server.rs `build_authorize_url`). */
function authorizeUrl(
  issuer: SignInIssuer,
  redirectUri: string,
  challenge: string,
  state: string,
  originator: string,
): string {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: issuer.clientId,
    redirect_uri: redirectUri,
    scope: SIGN_IN_SCOPE,
    code_challenge: challenge,
    code_challenge_method: "S256",
    id_token_add_organizations: "true",
    codex_cli_simplified_flow: "true",
    state,
    originator,
  });
  return `${issuer.issuer}/oauth/authorize?${query.toString().replaceAll("+", "%20")}`;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p>`;

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Ask a login server of an earlier run on that port to stop (Codex's `/cancel`). */
async function cancelEarlier(port: number): Promise<void> {
  await fetch(`http://127.0.0.1:${port}/cancel`, { signal: AbortSignal.timeout(2000) }).catch(
    () => {},
  );
}

/** Bind the callback: the port asked for; 1455 taken tries to cancel its holder, then 1457. */
async function bindCallback(server: Server, port: number): Promise<number> {
  try {
    return await listen(server, port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || port !== CALLBACK_PORT)
      throw error;
  }
  await cancelEarlier(port);
  for (const candidate of [CALLBACK_PORT, FALLBACK_CALLBACK_PORT]) {
    try {
      return await listen(server, candidate);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    }
  }
  throw new AuthError(
    `ports ${CALLBACK_PORT} and ${FALLBACK_CALLBACK_PORT} are in use: close the other sign-in and try again`,
  );
}

/**
 * The browser sign-in (PKCE with a local callback), as the Codex CLI runs it: a server on
 * 127.0.0.1 (`port`, default 1455; 0 picks a free one, for a custom issuer), the redirect URI
 * `http://localhost:<port>/auth/callback`; the callback checks `state`, exchanges the code with
 * the verifier and answers the browser with a page. Nothing of the tokens is ever put in a URL.
 */
export async function startBrowserSignIn(options: {
  issuer: SignInIssuer;
  port?: number;
  originator: string;
}): Promise<BrowserSignIn> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(32).toString("base64url");
  let settle: { resolve: (t: IssuedTokens) => void; reject: (e: Error) => void } | undefined;
  const done = new Promise<IssuedTokens>((resolve, reject) => {
    settle = { resolve, reject };
  });
  done.catch(() => {});
  let redirectUri = "";
  let finished = false;
  let exchanging = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const page = (status: number, title: string, text: string) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", Connection: "close" });
      res.end(PAGE(title, text));
    };
    const finish = (outcome: () => void) => {
      if (finished) return;
      finished = true;
      outcome();
      server.close();
      server.closeAllConnections();
    };
    if (url.pathname === "/cancel") {
      page(200, "Sign-in cancelled", "Another sign-in took over.");
      return finish(() =>
        settle?.reject(new AuthError("sign-in cancelled: another sign-in started")),
      );
    }
    if (url.pathname !== "/auth/callback") return page(404, "Not found", "");
    if (url.searchParams.get("state") !== state)
      return page(400, "State mismatch", "This page does not belong to the sign-in in progress.");
    const error = url.searchParams.get("error");
    if (error) {
      const why = url.searchParams.get("error_description") || error;
      page(400, "Sign-in could not be completed", "Return to the terminal.");
      return finish(() => settle?.reject(new AuthError(`sign-in failed: ${why}`)));
    }
    const code = url.searchParams.get("code");
    if (!code)
      return page(400, "Sign-in could not be completed", "The issuer sent no authorization code.");
    // a reload or a prefetch of the callback: the code is being exchanged already (once only)
    if (exchanging || finished) return page(409, "Sign-in in progress", "Return to the terminal.");
    exchanging = true;
    exchangeCode(options.issuer, code, redirectUri, verifier).then(
      (tokens) => {
        page(200, "Signed in to mini-codex", "You can close this tab and return to the terminal.");
        finish(() => settle?.resolve(tokens));
      },
      (failure: unknown) => {
        page(400, "Sign-in could not be completed", "Return to the terminal.");
        finish(() =>
          settle?.reject(failure instanceof Error ? failure : new AuthError(errorMessage(failure))),
        );
      },
    );
  });
  const port = await bindCallback(server, options.port ?? CALLBACK_PORT);
  redirectUri = `http://localhost:${port}/auth/callback`;
  return {
    authUrl: authorizeUrl(options.issuer, redirectUri, challenge, state, options.originator),
    port,
    done,
    cancel() {
      if (finished) return;
      finished = true;
      settle?.reject(new AuthError("sign-in was not completed"));
      server.close();
      server.closeAllConnections();
    },
  };
}
