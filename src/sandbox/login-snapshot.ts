/**
 * The login-environment snapshot's text (docs/config.md, "Shell commands and the login
 * profile"): what a login shell's profile exported, filtered by the environment policy, as a
 * file that `bash -c` sources through BASH_ENV. Pure.
 */
import { commandEnvironment, type ShellEnvironmentPolicy } from "./env-policy.js";

/** Never written: bash sets them itself, or they must stay the command's own. */
const SHELL_OWNED = new Set(["PWD", "OLDPWD", "SHLVL", "_", "BASH_ENV"]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * What the login shell runs after its profile: every exported variable as NUL-terminated
 * `NAME=value`, then its functions (`declare -f`), between markers no profile output can fake.
 */
export function captureScript(marker: string): string {
  // builtins by name: a profile may define functions called printf or declare
  return [
    "set +euo pipefail",
    `builtin printf '\\0%s\\0' '${marker}:env'`,
    "while IFS= builtin read -r __mc_name; do",
    `  builtin printf '%s=%s\\0' "$__mc_name" "\${!__mc_name}"`,
    "done < <(builtin compgen -e)",
    `builtin printf '\\0%s\\0' '${marker}:functions'`,
    "builtin declare -f",
    `builtin printf '\\0%s\\0' '${marker}:end'`,
  ].join("\n");
}

interface CapturedShell {
  env: Record<string, string>;
  functions: string;
}

/** The variables and functions in the capture's output, or undefined when a marker is missing. */
export function parseCapture(output: string, marker: string): CapturedShell | undefined {
  const envAt = output.indexOf(`\0${marker}:env\0`);
  const functionsAt = output.indexOf(`\0${marker}:functions\0`, envAt + 1);
  const endAt = output.indexOf(`\0${marker}:end\0`, functionsAt + 1);
  if (envAt < 0 || functionsAt < 0 || endAt < 0) return undefined;
  const env: Record<string, string> = {};
  const envText = output.slice(envAt + marker.length + 6, functionsAt);
  for (const entry of envText.split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  const functions = output.slice(functionsAt + marker.length + 12, endAt);
  return { env, functions };
}

interface SnapshotInput {
  captured: CapturedShell;
  /** The environment the login shell started with (the commands' own, already filtered). */
  startEnv: Record<string, string>;
  policy: ShellEnvironmentPolicy | undefined;
  /** Always removed besides OPENAI_API_KEY and CODEX_API_KEY (the provider's env_key). */
  removeEnv: string[];
  /** Set by mini-codex for every command (policy `set`, PAGER, …): the command's value wins. */
  keep: string[];
}

const quoted = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/**
 * The snapshot: what the profile added or changed (through the same policy filter as the
 * inherited environment, so a key it exports never reaches a command), what it unset, its
 * functions, and BASH_ENV put back as it was so the commands' own scripts do not source it.
 */
export function snapshotText(input: SnapshotInput): string {
  const { captured, startEnv } = input;
  const skip = new Set([...SHELL_OWNED, ...input.keep]);
  // `inherit` chose what came from mini-codex's environment; the profile's exports are kept as
  // `bash -lc` kept them, less what the excludes, include_only and the key removal drop
  const policy = input.policy ? { ...input.policy, inherit: "all" as const, set: {} } : undefined;
  const allowed = commandEnvironment(captured.env, policy, input.removeEnv);
  const lines = ["# mini-codex shell snapshot: the login profile's exports and functions"];
  for (const [name, value] of Object.entries(allowed)) {
    if (skip.has(name) || !IDENTIFIER.test(name) || startEnv[name] === value) continue;
    lines.push(`export ${name}=${quoted(value)}`);
  }
  for (const name of Object.keys(startEnv)) {
    if (!skip.has(name) && IDENTIFIER.test(name) && !(name in captured.env))
      lines.push(`builtin unset ${name}`);
  }
  if (captured.functions.trim() !== "") lines.push(captured.functions.trimEnd());
  const bashEnv = startEnv.BASH_ENV;
  lines.push(
    bashEnv === undefined ? "builtin unset BASH_ENV" : `builtin export BASH_ENV=${quoted(bashEnv)}`,
  );
  return `${lines.join("\n")}\n`;
}
