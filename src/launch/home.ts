import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** The person's home folder: $HOME, else the system's idea of it. */
export function userHome(env: NodeJS.ProcessEnv): string {
  return env.HOME || homedir();
}

/** $MINI_CODEX_HOME, default ~/.mini-codex: mini-codex's own files (sessions, ledgers, caches …). */
export function resolveHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.MINI_CODEX_HOME;
  return fromEnv && fromEnv.length > 0 ? resolve(fromEnv) : join(userHome(env), ".mini-codex");
}

/** The Codex CLI's home: $CODEX_HOME, default ~/.codex. */
export function codexHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CODEX_HOME;
  return fromEnv && fromEnv.length > 0 ? resolve(fromEnv) : join(userHome(env), ".codex");
}

/** The two homes of a run (docs/config.md, "Which home"). */
export interface Homes {
  /**
   * mini-codex's own files, never written into a Codex home: sessions, ledgers, checkpoints,
   * caches, logs, `trusted-hooks.json`, `rules/` ("always" answers). (`hooks.json` is read
   * from this home and from the Codex home, whichever holds config.toml.)
   */
  state: string;
  /**
   * Where `config.toml` is read (and `[projects]` trust answers and `mcp add` written, in
   * Codex's format), with its `NAME.config.toml` profiles beside it; the sign-in's
   * `auth.json` belongs here too. The state home, or the Codex home when only it has a
   * config.toml; its AGENTS.md, skills, prompts and rules are then read as well.
   */
  config: string;
  /** Present when `config` is the Codex home: what to say once, and how to stop it. */
  codexNotice?: string;
}

/**
 * Which home's config.toml this run reads: `$MINI_CODEX_HOME` whenever it is set; else
 * `~/.mini-codex` when it has a config.toml; else the Codex CLI's (`$CODEX_HOME`, default
 * `~/.codex`) when that has one; else `~/.mini-codex`.
 */
export function resolveHomes(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): Homes {
  const state = resolveHome(env);
  if (env.MINI_CODEX_HOME || exists(join(state, "config.toml"))) return { state, config: state };
  const codex = codexHome(env);
  if (!exists(join(codex, "config.toml"))) return { state, config: state };
  return {
    state,
    config: codex,
    codexNotice: `reading the Codex CLI's ${join(codex, "config.toml")} (there is no ${join(state, "config.toml")}); create that file, or set MINI_CODEX_HOME, to stop`,
  };
}
