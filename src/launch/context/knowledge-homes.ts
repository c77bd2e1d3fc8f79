import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { Settings } from "../../settings/index.js";

/**
 * Where the person's own AGENTS.md, skills and prompts live: $MINI_CODEX_HOME first, then the
 * Codex home named by `codex_home`, else the Codex home config.toml was read from (`Homes.config`),
 * so a Codex setup is read as it is.
 */
export function knowledgeHomes(
  home: string,
  config: Pick<Settings, "knowledge">,
  configHome: string = home,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const path = namedCodexHome(config, home, env);
  if (!path) return configHome === home ? [home] : [home, configHome];
  return path === home ? [home] : [home, path];
}

/** The folder `codex_home` names: `~` is the person's home, a relative path is under `home`. */
export function namedCodexHome(
  config: Pick<Settings, "knowledge">,
  home: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const codex = config.knowledge.codexHome;
  if (!codex) return undefined;
  const expanded =
    codex === "~" || codex.startsWith("~/") ? join(env.HOME || homedir(), codex.slice(1)) : codex;
  return isAbsolute(expanded) ? expanded : resolve(home, expanded);
}
