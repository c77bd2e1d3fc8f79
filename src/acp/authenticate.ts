import {
  type AgentContext,
  type ClientCapabilities,
  RequestError,
  type RequestId,
} from "@agentclientprotocol/sdk";
import {
  apiKeyFile,
  authFilePath,
  completeDeviceSignIn,
  requestDeviceCode,
  saveSignIn,
  withAuthLock,
  writeAuthFile,
} from "../auth/index.js";
import { loadConfig, resolveHomes, signInIssuerOf } from "../launch/index.js";
import { errorMessage } from "../protocol/index.js";
import { AUTH_METHODS } from "./auth-methods.js";

// The sign-ins `initialize` offers and `authenticate` carries out: ChatGPT by device code (the
// code shown through a URL elicitation where the editor takes one, else on stderr, which editors
// keep as the agent's log), an API key (asked in a form where the editor offers one; saved in
// auth.json as `login --with-api-key` saves it), and the demo provider (offline, no account).

interface AuthContext {
  client: AgentContext;
  capabilities: ClientCapabilities | undefined;
  requestId: RequestId;
  signal: AbortSignal;
  /** From now on sessions run on the demo provider (as `--demo`). */
  chooseDemo(): void;
}

/** `authenticate`: resolves once the method's credential is in place (or throws why not). */
export async function authenticate(methodId: string, ctx: AuthContext): Promise<void> {
  if (methodId === "demo") return ctx.chooseDemo();
  const home = resolveHomes().config;
  if (methodId === "api-key") return apiKeySignIn(home, ctx);
  if (methodId === "chatgpt") return deviceSignIn(home, ctx);
  throw RequestError.invalidParams(
    { methodId },
    `no sign-in method "${methodId}" (${AUTH_METHODS.map((m) => m.id).join(", ")})`,
  );
}

async function apiKeySignIn(home: string, ctx: AuthContext): Promise<void> {
  if (process.env.OPENAI_API_KEY || process.env.CODEX_API_KEY) return;
  if (!ctx.capabilities?.elicitation?.form) {
    throw RequestError.authRequired(
      {},
      "set OPENAI_API_KEY in the agent's environment, or run `mini-codex login --with-api-key` once",
    );
  }
  const answer = await ctx.client.request("elicitation/create", {
    mode: "form",
    requestId: ctx.requestId,
    message: "Your OpenAI API key (saved in mini-codex's auth.json, readable only by you)",
    requestedSchema: {
      type: "object",
      properties: { key: { type: "string", title: "API key", minLength: 1 } },
      required: ["key"],
    },
  });
  const key =
    answer.action === "accept"
      ? (answer as { content?: Record<string, unknown> | null }).content?.key
      : undefined;
  if (typeof key !== "string" || key.trim() === "") {
    throw RequestError.authRequired({}, "no API key was given: nothing was saved");
  }
  await withAuthLock(home, async () => writeAuthFile(authFilePath(home), apiKeyFile(key.trim())));
}

async function deviceSignIn(home: string, ctx: AuthContext): Promise<void> {
  const issuer = signInIssuerOf(loadConfig({ home }).settings);
  try {
    const code = await requestDeviceCode(issuer);
    const message = `Sign in with ChatGPT: open ${code.verificationUrl} and enter the code ${code.userCode} (it expires in 15 minutes; never share it).`;
    process.stderr.write(`${message}\n`);
    const elicitationId = `device-${code.deviceAuthId}`;
    const url = Boolean(ctx.capabilities?.elicitation?.url);
    if (url) {
      // shown while the code is polled; the person's click answers it, the sign-in ends it
      void ctx.client
        .request("elicitation/create", {
          mode: "url",
          requestId: ctx.requestId,
          elicitationId,
          url: code.verificationUrl,
          message,
        })
        .catch(() => {});
    }
    const tokens = await completeDeviceSignIn(issuer, code, ctx.signal);
    await saveSignIn(home, tokens, issuer);
    if (url) await ctx.client.notify("elicitation/complete", { elicitationId }).catch(() => {});
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw RequestError.authRequired({}, `ChatGPT sign-in failed: ${errorMessage(error)}`);
  }
}
