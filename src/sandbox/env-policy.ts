/** The environment a shell command gets (`[shell_environment_policy]`, docs/config.md). */
import { defaultSettings, type Settings } from "../settings/index.js";

/**
 * `[shell_environment_policy]` (docs/config.md; src/settings/keys.ts has each key): `inherit`
 * all, core (HOME, PATH, …) or none; `ignoreDefaultExcludes` keeps names with KEY, SECRET or
 * TOKEN; `exclude` patterns to drop (`*`, `?`, any case); `set` these; `includeOnly` when not
 * empty, only names matching one of these stay.
 */
export type ShellEnvironmentPolicy = Settings["shellEnvironment"];

/** What `inherit = "core"` keeps (as the Codex CLI). */
const CORE_VARIABLES = new Set([
  "HOME",
  "LOGNAME",
  "PATH",
  "SHELL",
  "USER",
  "USERNAME",
  "TMPDIR",
  "TEMP",
  "TMP",
  "LANG",
  "LC_ALL",
  "TERM",
]);

const DEFAULT_EXCLUDES = ["*KEY*", "*SECRET*", "*TOKEN*"];

/** Keys that never reach a command, whatever the policy says. */
export const ALWAYS_REMOVED = ["OPENAI_API_KEY", "CODEX_API_KEY"];

function patternRegex(pattern: string): RegExp {
  const body = [...pattern]
    .map((ch) => (ch === "*" ? ".*" : ch === "?" ? "." : ch.replace(/[\\^$.|+()[\]{}]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "i");
}

function matcher(patterns: string[]): (name: string) => boolean {
  const regexes = patterns.map(patternRegex);
  return (name) => regexes.some((regex) => regex.test(name));
}

/**
 * Apply the policy in Codex's order: inherit, default excludes, exclude, set, include_only;
 * then drop the API keys (`alwaysRemove` adds the provider's `env_key`).
 */
export function commandEnvironment(
  parent: NodeJS.ProcessEnv,
  policy: ShellEnvironmentPolicy = defaultSettings().shellEnvironment,
  alwaysRemove: string[] = [],
): Record<string, string> {
  let env: Record<string, string> = {};
  if (policy.inherit !== "none") {
    for (const [name, value] of Object.entries(parent)) {
      if (value === undefined) continue;
      if (policy.inherit === "core" && !CORE_VARIABLES.has(name)) continue;
      env[name] = value;
    }
  }
  const excluded = matcher([
    ...(policy.ignoreDefaultExcludes ? [] : DEFAULT_EXCLUDES),
    ...policy.exclude,
  ]);
  env = Object.fromEntries(Object.entries(env).filter(([name]) => !excluded(name)));
  Object.assign(env, policy.set);
  if (policy.includeOnly.length > 0) {
    const included = matcher(policy.includeOnly);
    env = Object.fromEntries(Object.entries(env).filter(([name]) => included(name)));
  }
  const removed = new Set([...ALWAYS_REMOVED, ...alwaysRemove]);
  for (const name of Object.keys(env)) if (removed.has(name)) delete env[name];
  return env;
}

/**
 * The person's own environment, as hooks they trusted get it (docs/config.md, "Hooks"): every
 * variable but the API keys (`ALWAYS_REMOVED` and `alwaysRemove`, the providers' `env_key`).
 */
export function personEnvironment(
  parent: NodeJS.ProcessEnv,
  alwaysRemove: string[] = [],
): Record<string, string> {
  return commandEnvironment(
    parent,
    { ...defaultSettings().shellEnvironment, ignoreDefaultExcludes: true },
    alwaysRemove,
  );
}
