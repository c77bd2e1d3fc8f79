import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { MiniCodexConfig } from "./config-schema.js";

/**
 * Where the person's own AGENTS.md, skills and prompts live: $MINI_CODEX_HOME first, then the
 * Codex home named by `codex_home` (so a Codex setup is read as it is).
 */
export function knowledgeHomes(
  home: string,
  config: Pick<MiniCodexConfig, "codex_home">,
): string[] {
  const codex = config.codex_home;
  if (!codex) return [home];
  const expanded =
    codex === "~" || codex.startsWith("~/") ? join(homedir(), codex.slice(1)) : codex;
  const path = isAbsolute(expanded) ? expanded : resolve(home, expanded);
  return path === home ? [home] : [home, path];
}
