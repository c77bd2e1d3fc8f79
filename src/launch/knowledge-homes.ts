import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { MiniCodexConfig } from "./config-schema.js";

/**
 * Where the person's own AGENTS.md, skills and prompts live: $MINI_CODEX_HOME first, then the
 * Codex home named by `codex_home`, else the Codex home config.toml was read from (`Homes.config`),
 * so a Codex setup is read as it is.
 */
export function knowledgeHomes(
  home: string,
  config: Pick<MiniCodexConfig, "codex_home">,
  configHome: string = home,
): string[] {
  const codex = config.codex_home;
  if (!codex) return configHome === home ? [home] : [home, configHome];
  const expanded =
    codex === "~" || codex.startsWith("~/") ? join(homedir(), codex.slice(1)) : codex;
  const path = isAbsolute(expanded) ? expanded : resolve(home, expanded);
  return path === home ? [home] : [home, path];
}
