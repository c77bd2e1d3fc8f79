import { type Command, Option } from "commander";
import { UsageError } from "../launch/index.js";
import type { LoginFlags } from "./login-command.js";

type Pending = { result?: Promise<number> };

function portOf(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--callback-port expects a port number, got ${value}`);
  }
  return port;
}

/** `mini-codex login [status]` and `mini-codex logout`, as the Codex CLI has them. */
export function addLoginCommands(program: Command, pending: Pending): void {
  const run = (action: (m: typeof import("./login-command.js")) => Promise<number>) => {
    pending.result = import("./login-command.js").then(action);
  };
  const login = program
    .command("login")
    .description("sign in with ChatGPT (browser), a device code, or an API key from stdin")
    .option("--device-auth", "sign in with a device code (SSH, no browser on this machine)")
    .option(
      "--with-api-key",
      "read an API key from stdin (`printenv OPENAI_API_KEY | mini-codex login --with-api-key`)",
    )
    .addOption(
      new Option(
        "--experimental_issuer <URL>",
        "the OAuth issuer (Codex's flag; default: chatgpt_issuer, else OpenAI's)",
      ).hideHelp(),
    )
    .addOption(
      new Option(
        "--callback-port <N>",
        "port of the browser sign-in's local callback (default 1455; 0 = any free port)",
      )
        .argParser(portOf)
        .hideHelp(),
    )
    .action(
      (flags: {
        deviceAuth?: boolean;
        withApiKey?: boolean;
        experimental_issuer?: string;
        callbackPort?: number;
      }) => {
        if (flags.deviceAuth && flags.withApiKey)
          throw new UsageError("give --device-auth or --with-api-key, not both");
        const own: LoginFlags = {
          ...(flags.deviceAuth ? { deviceAuth: true } : {}),
          ...(flags.withApiKey ? { withApiKey: true } : {}),
          ...(flags.experimental_issuer ? { experimentalIssuer: flags.experimental_issuer } : {}),
          ...(flags.callbackPort !== undefined ? { callbackPort: flags.callbackPort } : {}),
        };
        run((m) => m.runLogin(own));
      },
    );
  login
    .command("status")
    .description("say how mini-codex is signed in (never the token)")
    .action(() => run((m) => m.runLoginStatus()));
  program
    .command("logout")
    .description("remove the stored credentials ($MINI_CODEX_HOME/auth.json)")
    .action(() => run((m) => m.runLogout()));
}
