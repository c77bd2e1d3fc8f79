import type { ReasoningEffort } from "../../protocol/index.js";
import {
  developerMessage,
  messageText,
  type ResponseItem,
  userMessage,
} from "../../protocol/index.js";
import { type PermissionsInput, permissionsMessage } from "./permissions-context.js";

interface InitialContextInput extends PermissionsInput {
  cwd: string;
  /** e.g. "bash" */
  shell: string;
  now: Date;
  /** IANA zone, e.g. "Europe/Berlin" */
  timezone: string;
  /** `timezone` is this machine's own zone: the date needs no Intl (whose zone data costs start-up). */
  timezoneIsLocal?: boolean;
  /** The developer message listing the skills (session/context/skill-context.ts). */
  skills?: ResponseItem;
  /** The AGENTS.md text (launch/context/project-docs.ts), inserted as read: the Codex CLI's bytes. */
  agentsMd?: string;
}

const ENVIRONMENT_CONTEXT_TAG = "<environment_context>";
const AGENTS_MD_HEADER = "# AGENTS.md instructions";

/**
 * The context messages every session starts with, in the stable prefix order of docs/protocol.md ("Prompt caching"):
 * the developer message (sandbox and approval policy), the skills list when there are skills,
 * then the user `<environment_context>` message, then AGENTS.md when given. Exec and the TUI share this.
 */
export function buildInitialContext(input: InitialContextInput): ResponseItem[] {
  const developer = permissionsMessage(input);
  const environment = userMessage(
    [
      ENVIRONMENT_CONTEXT_TAG,
      `  <cwd>${input.cwd}</cwd>`,
      `  <shell>${input.shell}</shell>`,
      `  <current_date>${input.timezoneIsLocal ? localDate(input.now) : formatDate(input.now, input.timezone)}</current_date>`,
      `  <timezone>${input.timezone}</timezone>`,
      "</environment_context>",
    ].join("\n"),
  );
  const items = input.skills ? [developer, input.skills, environment] : [developer, environment];
  if (input.agentsMd !== undefined && input.agentsMd.trim() !== "") {
    items.push(
      userMessage(
        `${AGENTS_MD_HEADER} for ${input.cwd}\n\n<INSTRUCTIONS>\n${input.agentsMd}\n</INSTRUCTIONS>`,
      ),
    );
  }
  return items;
}

/** YYYY-MM-DD in the machine's own zone. */
function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYY-MM-DD in the given zone (falls back to UTC for an unknown zone). */
function formatDate(now: Date, timezone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Whether an item is one of the initial context messages (kept across compaction). */
export function isInitialContextItem(item: ResponseItem): boolean {
  if (item.type !== "message") return false;
  if (item.role === "developer") return true;
  if (item.role !== "user") return false;
  const text = messageText(item) ?? "";
  return text.startsWith(ENVIRONMENT_CONTEXT_TAG) || text.startsWith(AGENTS_MD_HEADER);
}

/**
 * The leading run of context items of a history (what compaction keeps): on a lite model it
 * starts with the `additional_tools` item, which stays byte-identical so the cached prefix holds.
 */
export function leadingContext(items: readonly ResponseItem[]): ResponseItem[] {
  const out: ResponseItem[] = [];
  for (const item of items) {
    if (item.type !== "additional_tools" && !isInitialContextItem(item)) break;
    out.push(item);
  }
  return out;
}

/** The working directory the last `<environment_context>` of `history` states, if any. */
function lastStatedCwd(history: readonly ResponseItem[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i] as ResponseItem;
    if (item.type !== "message" || item.role !== "user") continue;
    const text = messageText(item) ?? "";
    if (!text.startsWith(ENVIRONMENT_CONTEXT_TAG)) continue;
    const cwd = /<cwd>([^<]*)<\/cwd>/.exec(text)?.[1];
    if (cwd !== undefined) return cwd;
  }
  return undefined;
}

/**
 * The `<environment_context>` update a history needs when the session now works in another
 * directory than the one it last told the model (a resume elsewhere, `resume --worktree`):
 * only the new `<cwd>`, appended (nothing earlier is rewritten, the cached prefix holds).
 */
export function cwdUpdate(
  history: readonly ResponseItem[],
  cwd: string | undefined,
): ResponseItem[] {
  if (cwd === undefined) return [];
  const told = lastStatedCwd(history);
  if (told === undefined || told === cwd) return [];
  return [
    userMessage(
      [ENVIRONMENT_CONTEXT_TAG, `  <cwd>${cwd}</cwd>`, "</environment_context>"].join("\n"),
    ),
  ];
}

/** The small developer message a model/effort change appends (nothing earlier is rewritten). */
export function settingsChangedMessage(
  model: string,
  effort: ReasoningEffort | undefined,
): ResponseItem {
  return developerMessage(
    `<settings_changed>model: ${model}; reasoning effort: ${effort ?? "default"}</settings_changed>`,
  );
}
