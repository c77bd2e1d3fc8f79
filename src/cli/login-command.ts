import { spawn } from "node:child_process";
import type { ChatgptSignIn } from "../auth/index.js";
import {
  apiKeyFile,
  authFilePath,
  completeDeviceSignIn,
  removeAuthFile,
  requestDeviceCode,
  type SignInIssuer,
  saveSignIn,
  signInClaims,
  signInIssuer,
  startBrowserSignIn,
  withAuthLock,
  writeAuthFile,
} from "../auth/index.js";
import {
  CliError,
  EXIT_FAILED,
  EXIT_OK,
  findSignIn,
  loadConfig,
  resolveHomes,
} from "../launch/index.js";
import { commandEnvironment } from "../sandbox/index.js";

/** The `originator` mini-codex names itself with (never Codex's). */
export const ORIGINATOR = "mini-codex";

export interface LoginFlags {
  experimentalIssuer?: string;
  callbackPort?: number;
  deviceAuth?: boolean;
  withApiKey?: boolean;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

/** The issuer: `--experimental_issuer` (Codex's flag), else `chatgpt_issuer`, else OpenAI's. */
function issuerFor(home: string, flags: LoginFlags): SignInIssuer {
  const configured =
    flags.experimentalIssuer ?? loadConfig({ home }).settings.provider.chatgptIssuer;
  return signInIssuer(configured);
}

/** Open a URL in the person's browser where there is one to open; never waits for it. */
export function openBrowser(url: string): void {
  const graphical =
    process.platform === "darwin" || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!process.stdout.isTTY || !graphical) return;
  const opener = process.platform === "darwin" ? "open" : "xdg-open";
  const child = spawn(opener, [url], {
    stdio: "ignore",
    detached: true,
    env: commandEnvironment(process.env),
  });
  child.on("error", () => {});
  child.unref();
}

/** Shorten a key the way `codex login status` does: `sk-proj-***ABCDE`, or `***` when short. */
export function maskedKey(key: string): string {
  return key.length <= 13 ? "***" : `${key.slice(0, 8)}***${key.slice(-5)}`;
}

/** `mini-codex login [--device-auth | --with-api-key]`. */
export async function runLogin(flags: LoginFlags): Promise<number> {
  // the sign-in belongs to the config home (docs/config.md, "Which home")
  const home = resolveHomes().config;
  if (flags.withApiKey) return loginWithApiKey(home);
  const issuer = issuerFor(home, flags);
  const tokens = flags.deviceAuth
    ? await deviceLogin(issuer)
    : await browserLogin(issuer, flags.callbackPort);
  await saveSignIn(home, tokens, issuer);
  const who = signInClaims(tokens.id_token);
  say(
    `Signed in with ChatGPT${who.email ? ` as ${who.email}` : ""}; credentials saved to ${authFilePath(home)}`,
  );
  return EXIT_OK;
}

async function browserLogin(issuer: SignInIssuer, port: number | undefined) {
  const signIn = await startBrowserSignIn({
    issuer,
    originator: ORIGINATOR,
    ...(port !== undefined ? { port } : {}),
  });
  const stop = () => signIn.cancel();
  process.once("SIGINT", stop);
  say(
    `Starting local login server on http://localhost:${signIn.port}.\nIf your browser did not open, navigate to this URL to sign in:\n\n${signIn.authUrl}\n`,
  );
  openBrowser(signIn.authUrl);
  try {
    return await signIn.done;
  } finally {
    process.off("SIGINT", stop);
  }
}

async function deviceLogin(issuer: SignInIssuer) {
  const code = await requestDeviceCode(issuer);
  say(
    [
      "",
      "Follow these steps to sign in with ChatGPT using a device code:",
      "",
      "1. Open this link in a browser and sign in to your account",
      `   ${code.verificationUrl}`,
      "",
      "2. Enter this one-time code (expires in 15 minutes)",
      `   ${code.userCode}`,
      "",
      "Device codes are a common phishing target. Never share this code.",
      "",
    ].join("\n"),
  );
  const stop = new AbortController();
  const cancel = () => stop.abort();
  process.once("SIGINT", cancel);
  try {
    return await completeDeviceSignIn(issuer, code, stop.signal);
  } finally {
    process.off("SIGINT", cancel);
  }
}

async function readStdin(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function loginWithApiKey(home: string): Promise<number> {
  if (process.stdin.isTTY) {
    throw new CliError(
      "--with-api-key reads the key from stdin: pipe it, e.g. `printenv OPENAI_API_KEY | mini-codex login --with-api-key`",
      EXIT_FAILED,
    );
  }
  say("Reading API key from stdin...");
  const key = (await readStdin()).trim();
  if (key.length === 0) throw new CliError("no API key on stdin", EXIT_FAILED);
  await saveApiKey(home, key);
  say(`API key saved to ${authFilePath(home)} (${maskedKey(key)})`);
  return EXIT_OK;
}

/** Store an API key as the home's sign-in (`login --with-api-key`, the TUI's first start). */
export async function saveApiKey(home: string, key: string): Promise<void> {
  await withAuthLock(home, async () => writeAuthFile(authFilePath(home), apiKeyFile(key)));
}

/** `mini-codex login status`: how mini-codex is signed in; never the token. */
export async function runLoginStatus(): Promise<number> {
  const homes = resolveHomes();
  const config = loadConfig({ home: homes.config }).settings;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const envKey = process.env.CODEX_API_KEY
    ? "CODEX_API_KEY"
    : process.env.OPENAI_API_KEY
      ? "OPENAI_API_KEY"
      : undefined;
  if (envKey) out(`${envKey} is set: the openai provider uses it ahead of auth.json`);
  const found = findSignIn(homes, config);
  if (!found) {
    if (!envKey) out("Not signed in: run `mini-codex login`");
    return envKey ? EXIT_OK : EXIT_FAILED;
  }
  const where = authFilePath(found.home);
  if (found.apiKey) {
    out(`Signed in with an API key - ${maskedKey(found.apiKey)} (${where})`);
    return EXIT_OK;
  }
  const who = signInClaims((found.credentials as ChatgptSignIn).tokens.id_token);
  const details = [
    who.email,
    who.planType ? `plan ${who.planType}` : undefined,
    who.accountId ? `account ${who.accountId}` : undefined,
  ].filter(Boolean);
  out(`Signed in with ChatGPT${details.length > 0 ? `: ${details.join(", ")}` : ""} (${where})`);
  return EXIT_OK;
}

/**
 * `mini-codex logout`: remove the config home's auth.json (a `codex_home` elsewhere is left to
 * Codex), and say so when another file mini-codex reads still signs it in.
 */
export async function runLogout(): Promise<number> {
  const homes = resolveHomes();
  const home = homes.config;
  const removed = await withAuthLock(home, async () => removeAuthFile(authFilePath(home)));
  const still = findSignIn(homes, loadConfig({ home }).settings);
  if (still) {
    const where = authFilePath(still.home);
    say(
      `${removed ? `Removed ${authFilePath(home)}, but` : "mini-codex is"} still signed in with ${where}: remove that file (or \`codex logout\` when it is the Codex CLI's) to sign out`,
    );
  } else say(removed ? `Signed out: removed ${authFilePath(home)}` : "Not signed in");
  return EXIT_OK;
}
