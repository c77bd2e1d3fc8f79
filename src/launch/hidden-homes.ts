import type { Settings } from "../settings/index.js";
import { knowledgeHomes } from "./context/index.js";
import { codexHome } from "./home.js";

/**
 * The homes a command (and the git mini-codex runs itself) never sees: mini-codex's, the one
 * config.toml came from, the Codex CLI's (`$CODEX_HOME`, default ~/.codex) and `codex_home` —
 * sessions, ledgers, and `auth.json` with its sign-in tokens.
 */
export function hiddenHomes(
  home: string,
  configHome: string,
  config: Pick<Settings, "knowledge">,
  env: NodeJS.ProcessEnv,
): string[] {
  return [
    ...new Set([...knowledgeHomes(home, config, configHome, env), configHome, codexHome(env)]),
  ];
}
