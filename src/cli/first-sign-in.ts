import { join } from "node:path";
import { Writable } from "node:stream";
import type { LoadedConfig, SharedFlags } from "../launch/index.js";
import {
  CliError,
  codexSignInToOffer,
  EXIT_FAILED,
  needsSignIn,
  recordTopLevelKey,
  resolveHomes,
} from "../launch/index.js";
import type { Settings } from "../settings/index.js";
import { askChoice } from "./terminal-choice.js";
import { askUntil } from "./terminal-line.js";

/**
 * One line typed without echo (an API key), on the plain terminal; asked again while empty (an
 * Enter typed for the question before it is not an answer). Undefined when the input ends.
 */
async function askHidden(prompt: string): Promise<string | undefined> {
  process.stderr.write(prompt);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const key = await askUntil("", (answer) => answer || undefined, muted);
  if (key !== undefined) process.stderr.write("\n");
  return key;
}

const SIGN_IN_CHOICES = [
  "Sign in with ChatGPT (a browser opens; the URL is printed too)",
  "Sign in with a device code (SSH, or no browser on this machine)",
  "Paste an API key",
  "Use the demo provider (offline, no account)",
];

/**
 * The TUI's first start with no credential asks before it draws, as the Codex CLI's first run
 * does: first whether to use the Codex CLI's own sign-in (`~/.codex/auth.json`, used where it
 * is through `codex_home`), then how to sign in. Returns the flags to start with (`--demo` for
 * the demo provider). Nothing answered (Ctrl+D, Ctrl+C): nothing starts. `loaded` is the run's
 * config, parsed once for the start: returned as `loaded` when nothing was asked (the runtime
 * takes it as is), left out when the questions may have changed config.toml.
 */
export async function firstSignIn(
  flags: SharedFlags,
  loaded: LoadedConfig,
): Promise<{ flags: SharedFlags; loaded?: LoadedConfig }> {
  const config = loaded.settings;
  if (!process.stdin.isTTY || !needsSignIn(flags, config)) return { flags, loaded };
  return { flags: await signIn(flags, config) };
}

/** The first start's sign-in questions; the flags to start with. */
async function signIn(flags: SharedFlags, config: Settings): Promise<SharedFlags> {
  const homes = resolveHomes();
  const home = homes.config;
  const codexHome = codexSignInToOffer(homes, config);
  if (codexHome) {
    const named = codexHome === join(process.env.HOME ?? "", ".codex") ? "~/.codex" : codexHome;
    const use = await askChoice(
      [
        `You are signed in to the Codex CLI (${codexHome}/auth.json).`,
        `mini-codex can use that sign-in where it is: it records codex_home = "${named}" in config.toml.`,
      ],
      ["Yes, use my Codex CLI sign-in", "No, sign in another way"],
    );
    if (use === undefined) throw new CliError("not signed in: nothing was started", EXIT_FAILED);
    if (use === 0) {
      recordTopLevelKey(home, "codex_home", named);
      return flags;
    }
  }
  const choice = await askChoice(
    ["mini-codex is not signed in. How do you want to sign in?"],
    SIGN_IN_CHOICES,
  );
  if (choice === undefined) throw new CliError("not signed in: nothing was started", EXIT_FAILED);
  if (choice === 3) return { ...flags, demo: true };
  const login = await import("./login-command.js");
  if (choice === 2) {
    const key = await askHidden("\nPaste your API key (it is not shown): ");
    if (!key) throw new CliError("no API key given: nothing was started", EXIT_FAILED);
    await login.saveApiKey(home, key);
    return flags;
  }
  await login.runLogin({
    ...(choice === 1 ? { deviceAuth: true } : {}),
    ...(config.provider.chatgptIssuer ? { experimentalIssuer: config.provider.chatgptIssuer } : {}),
  });
  return flags;
}
