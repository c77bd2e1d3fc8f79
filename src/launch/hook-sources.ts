import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { gitRoot } from "../sandbox/git-files.js";
import { type HookHandler, parseHookConfig } from "../tools/hooks/hook-config.js";
import { HookTrust } from "../tools/hooks/hook-trust.js";
import { codexHome } from "./home.js";

/** The hooks of this run: every one found, which may run, and trusting the rest. */
export interface RuntimeHooks {
  all: HookHandler[];
  /** Hooks that run: trusted ones (all of them with --dangerously-bypass-hook-trust). */
  runnable(): HookHandler[];
  /** Found but not trusted yet: they do not run until the person trusts them. */
  untrusted(): HookHandler[];
  trust(handlers: readonly HookHandler[]): void;
}

/** hooks.json files in the order they are read; one file reached by two names is read once. */
function hookFiles(home: string, cwd: string, env: NodeJS.ProcessEnv): string[] {
  const candidates = [home, codexHome(env), join(gitRoot(cwd) ?? cwd, ".codex")].map((dir) =>
    join(dir, "hooks.json"),
  );
  const seen = new Set<string>();
  return candidates.filter((file) => {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      return false;
    }
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
}

/**
 * Read `hooks.json` from `$MINI_CODEX_HOME`, the Codex home (`$CODEX_HOME`, default `~/.codex`)
 * and the project's `.codex/`; what cannot be read is a warning. Trust is kept by hash in
 * `$MINI_CODEX_HOME/trusted-hooks.json`.
 */
export function loadHooks(input: {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  bypassTrust: boolean;
  warn(message: string): void;
}): RuntimeHooks {
  const all: HookHandler[] = [];
  for (const file of hookFiles(input.home, input.cwd, input.env)) {
    const parsed = parseHookConfig(file, readFileSync(file, "utf8"));
    for (const warning of parsed.warnings) input.warn(warning);
    all.push(...parsed.handlers);
  }
  const trust = new HookTrust(join(input.home, "trusted-hooks.json"));
  const untrusted = () => (input.bypassTrust ? [] : all.filter((h) => !trust.isTrusted(h)));
  return {
    all,
    runnable: () => (input.bypassTrust ? all : all.filter((h) => trust.isTrusted(h))),
    untrusted,
    trust: (handlers) => trust.trust(handlers),
  };
}

/** One line per hook for the trust question and warnings. */
export function describeHooks(handlers: readonly HookHandler[]): string[] {
  return handlers.map((h) => {
    const matcher = h.matcher ? ` [${h.matcher}]` : "";
    return `  ${h.event}${matcher}: ${h.command}  (${h.source})`;
  });
}

const NOT_RUN =
  "they do not run until trusted: start mini-codex in a terminal to review them, or pass --dangerously-bypass-hook-trust";

/** exec: untrusted hooks are named once and skipped (nobody to ask). */
export function warnUntrustedHooks(hooks: RuntimeHooks, warn: (message: string) => void): void {
  const untrusted = hooks.untrusted();
  if (untrusted.length === 0) return;
  warn(
    `${untrusted.length} hook(s) of hooks.json are not trusted; ${NOT_RUN}:\n${describeHooks(untrusted).join("\n")}`,
  );
}
