import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { gitRoot } from "../../sandbox/index.js";
import {
  type AskHookTrust,
  coveredPaths,
  HookGate,
  type HookHandler,
  type HookJudgement,
  HookTrustBook,
  type HookTrustFacts,
  kindOf,
  parseHookConfig,
} from "../../tools/index.js";
import { codexHome, userHome } from "../home.js";

/** The hooks of this run: every one found, which may run, and trusting the rest. */
export interface RuntimeHooks {
  all: HookHandler[];
  /** Hooks that run: trusted ones (all of them with --dangerously-bypass-hook-trust). */
  runnable(): HookHandler[];
  /** Found but not trusted yet (new, or their files changed): they do not run until trusted. */
  untrusted(): HookHandler[];
  /** Why a hook is asked about (`changed since you trusted it: .codex/hooks/pre.py edited`). */
  reasons(handler: HookHandler): string[];
  trust(handlers: readonly HookHandler[]): void;
  /** How many files the trust check read at start (none with the bypass, or without hooks). */
  filesHashed: number;
  /**
   * What the runnable hooks run: every file and folder their trust covers and their hooks.json
   * (protected-paths.ts keeps those inside the workspace read-only to commands and patches).
   */
  runnablePaths(): string[];
  /**
   * The check a session's hook runs pass right before each run, asking through `ask` (absent:
   * a hook that changed does not run); none with --dangerously-bypass-hook-trust.
   */
  gate(ask?: AskHookTrust): HookGate | undefined;
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
 * `$MINI_CODEX_HOME/trusted-hooks.json` and judged again right before every run (HookGate).
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
  const projectRoot = gitRoot(input.cwd) ?? input.cwd;
  const facts: HookTrustFacts = {
    cwd: input.cwd,
    projectRoot,
    home: userHome(input.env),
    kindOf,
    projectHooks: join(projectRoot, ".codex", "hooks.json"),
  };
  const book = new HookTrustBook(join(input.home, "trusted-hooks.json"), facts);
  // the bypass runs every hook: nothing to read
  const judged = new Map<HookHandler, HookJudgement>(
    input.bypassTrust ? [] : all.map((h) => [h, book.judge(h)]),
  );
  const trusted = (h: HookHandler) =>
    input.bypassTrust || judged.get(h)?.verdict.trust === "trusted";
  const runnable = () => all.filter(trusted);
  return {
    all,
    runnable,
    untrusted: () => all.filter((h) => !trusted(h)),
    reasons: (handler) => {
      const judgement = judged.get(handler);
      return judgement ? book.reasons(judgement) : [];
    },
    trust: (handlers) => {
      const taken = handlers.flatMap((handler) => {
        const judgement = judged.get(handler);
        return judgement ? [{ handler, judged: judgement }] : [];
      });
      book.trust(taken);
      for (const { handler, judged: judgement } of taken)
        judged.set(handler, { ...judgement, verdict: { trust: "trusted" } });
    },
    filesHashed: [...judged.values()].reduce((n, j) => n + Object.keys(j.files).length, 0),
    runnablePaths: () =>
      runnable().flatMap((handler) => {
        const covered = judged.get(handler)?.covered ?? coveredPaths(handler, facts);
        return [handler.source, ...covered.files, ...covered.folders];
      }),
    gate: (ask) => (input.bypassTrust ? undefined : new HookGate(book, ask)),
  };
}

/** One line per hook for the trust question and warnings, and what changed since it was trusted. */
export function describeHooks(hooks: RuntimeHooks, handlers: readonly HookHandler[]): string[] {
  return handlers.flatMap((h) => {
    const matcher = h.matcher ? ` [${h.matcher}]` : "";
    return [
      `  ${h.event}${matcher}: ${h.command}  (${h.source})`,
      ...hooks.reasons(h).map((reason) => `    ${reason}`),
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
