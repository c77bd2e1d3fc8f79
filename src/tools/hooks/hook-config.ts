/**
 * The Codex CLI's `hooks.json` (docs/config.md, "Hooks"): `{"hooks": {"<Event>": [{"matcher":
 * "…", "hooks": [{"type": "command", "command": "…", "timeout": 30}]}]}}`.
 */

/** The events mini-codex runs hooks for (Codex names). */
const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "Stop",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Codex events mini-codex knows but does not run (no subagents; no PostCompact point yet). */
const NOT_RUN = new Set([
  "PostCompact",
  "SubagentStart",
  "SubagentStop",
  "SessionEnd",
  "StopFailure",
]);

/** Events whose matcher filters on the tool name (others ignore it, as in Codex). */
const TOOL_EVENTS = new Set<HookEvent>(["PreToolUse", "PermissionRequest", "PostToolUse"]);

const DEFAULT_HOOK_TIMEOUT_SEC = 60;

export interface HookHandler {
  event: HookEvent;
  /** A regular expression the whole tool name must match; absent, "" or "*": every tool. */
  matcher?: string;
  command: string;
  timeoutSec: number;
  /** The hooks.json it came from. */
  source: string;
}

interface HookConfig {
  handlers: HookHandler[];
  /** What was skipped and why (shown once at start). */
  warnings: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function handlersOf(event: HookEvent, group: unknown, source: string, warn: (m: string) => void) {
  if (!isObject(group) || !Array.isArray(group.hooks)) {
    warn(`${source}: a ${event} entry needs a "hooks" list; skipped`);
    return [];
  }
  const matcher = typeof group.matcher === "string" ? group.matcher : undefined;
  const out: HookHandler[] = [];
  for (const hook of group.hooks) {
    if (!isObject(hook) || hook.type !== "command" || typeof hook.command !== "string") {
      warn(`${source}: a ${event} hook is not {"type": "command", "command": "…"}; skipped`);
      continue;
    }
    const timeout = typeof hook.timeout === "number" && hook.timeout > 0 ? hook.timeout : undefined;
    out.push({
      event,
      ...(matcher !== undefined && TOOL_EVENTS.has(event) ? { matcher } : {}),
      command: hook.command,
      timeoutSec: timeout ?? DEFAULT_HOOK_TIMEOUT_SEC,
      source,
    });
  }
  return out;
}

/** The handlers of one hooks.json text; what cannot be read is a warning, never a failure. */
export function parseHookConfig(source: string, text: string): HookConfig {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      handlers: [],
      warnings: [`${source}: not JSON (${(error as Error).message}); no hooks read`],
    };
  }
  if (!isObject(parsed) || !isObject(parsed.hooks)) {
    return { handlers: [], warnings: [`${source}: expected {"hooks": {…}}; no hooks read`] };
  }
  const handlers: HookHandler[] = [];
  for (const [event, groups] of Object.entries(parsed.hooks)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      warn(
        NOT_RUN.has(event)
          ? `${source}: ${event} hooks are not run by mini-codex`
          : `${source}: unknown hook event ${event}; skipped`,
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      warn(`${source}: ${event} must be a list; skipped`);
      continue;
    }
    for (const group of groups)
      handlers.push(...handlersOf(event as HookEvent, group, source, warn));
  }
  return { handlers, warnings };
}

/** Whether a handler runs for this tool name (events without a matcher: always). */
export function hookMatches(handler: HookHandler, toolName: string | undefined): boolean {
  const { matcher } = handler;
  if (toolName === undefined || matcher === undefined || matcher === "" || matcher === "*")
    return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(toolName);
  } catch {
    return matcher === toolName;
  }
}
