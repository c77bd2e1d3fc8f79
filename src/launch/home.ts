import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** $MINI_CODEX_HOME, default ~/.mini-codex. */
export function resolveHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.MINI_CODEX_HOME;
  return fromEnv && fromEnv.length > 0 ? resolve(fromEnv) : join(homedir(), ".mini-codex");
}
