import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { gitRoot } from "../sandbox/git-files.js";
import { type HookHandler, parseHookConfig } from "../tools/hooks/hook-config.js";
import { type FileHashes, hashCovered, isFolder } from "../tools/hooks/hook-file-hashes.js";
import { coveredPaths, type HookFileFacts, shownPath } from "../tools/hooks/hook-files.js";
import { HookTrust, type TrustVerdict } from "../tools/hooks/hook-trust.js";
import { codexHome, userHome } from "./home.js";

/** The hooks of this run: every one found, which may run, and trusting the rest. */
export interface RuntimeHooks {
  all: HookHandler[];
  /** Hooks that run: trusted ones (all of them with --dangerously-bypass-hook-trust). */
  runnable(): HookHandler[];
  /** Found but not trusted yet (new, or their files changed): they do not run until trusted. */
  untrusted(): HookHandler[];
  /** What changed since a hook was trusted (`.codex/hooks/pre.py edited`); empty for a new one. */
  changes(handler: HookHandler): string[];
  trust(handlers: readonly HookHandler[]): void;
  /** How many files the trust check read at start (none with the bypass, or without hooks). */
  filesHashed: number;
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
  const facts: HookFileFacts = {
    cwd: input.cwd,
    projectRoot: gitRoot(input.cwd) ?? input.cwd,
    home: userHome(input.env),
    isFolder,
  };
  // the bypass runs every hook: nothing to read
  const files = new Map<HookHandler, FileHashes>(
    input.bypassTrust ? [] : all.map((h) => [h, hashCovered(coveredPaths(h, facts))]),
  );
  const verdicts = new Map<HookHandler, TrustVerdict>(
    [...files].map(([h, hashes]) => [h, trust.verdict(h, hashes)]),
  );
  const trusted = (h: HookHandler) => input.bypassTrust || verdicts.get(h)?.trust === "trusted";
  return {
    all,
    runnable: () => all.filter(trusted),
    untrusted: () => all.filter((h) => !trusted(h)),
    changes: (handler) => {
      const verdict = verdicts.get(handler);
      if (verdict?.trust !== "changed") return [];
      return verdict.changes.map(({ path, how }) => `${shownPath(path, facts)} ${how}`);
    },
    trust: (handlers) => {
      trust.trust(handlers.map((handler) => ({ handler, files: files.get(handler) ?? {} })));
      for (const h of handlers) verdicts.set(h, { trust: "trusted" });
    },
    filesHashed: [...files.values()].reduce((n, hashes) => n + Object.keys(hashes).length, 0),
  };
}

/** One line per hook for the trust question and warnings, and what changed since it was trusted. */
export function describeHooks(hooks: RuntimeHooks, handlers: readonly HookHandler[]): string[] {
  return handlers.flatMap((h) => {
    const matcher = h.matcher ? ` [${h.matcher}]` : "";
    const changes = hooks.changes(h);
    return [
      `  ${h.event}${matcher}: ${h.command}  (${h.source})`,
      ...(changes.length ? [`    changed since you trusted it: ${changes.join(", ")}`] : []),
    ];
  });
}

const NOT_RUN =
  "they do not run until trusted: start mini-codex in a terminal to review them, or pass --dangerously-bypass-hook-trust";

/** exec: untrusted hooks are named once and skipped (nobody to ask). */
export function warnUntrustedHooks(hooks: RuntimeHooks, warn: (message: string) => void): void {
  const untrusted = hooks.untrusted();
  if (untrusted.length === 0) return;
  warn(
    `${untrusted.length} hook(s) of hooks.json are not trusted; ${NOT_RUN}:\n${describeHooks(hooks, untrusted).join("\n")}`,
  );
}
