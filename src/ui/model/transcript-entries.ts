import { printable } from "../../text/index.js";
import type { FileChange, PatchPreview, PlanStep, ToolEvent } from "../../tools/index.js";
import type { OpenLine } from "./stream-text.js";

/** A finished transcript item (rendered once, in Ink's <Static>). Plain data only. */
export type TranscriptEntryBody =
  | { kind: "banner"; lines: string[] }
  /** `steered`: sent into the running turn (Enter while busy), not as a turn of its own. */
  | { kind: "user"; text: string; steered?: boolean }
  /** A block of complete lines of an agent message; `fenceOpen`: starts inside a code fence. */
  | { kind: "agent"; lines: string[]; first: boolean; fenceOpen: boolean }
  | { kind: "reasoning"; text: string }
  | {
      kind: "command";
      command: string;
      exitCode: number | null;
      timedOut: boolean;
      aborted: boolean;
      /** Collapsed output: head and tail lines with the count of hidden lines between. */
      head: string[];
      hidden: number;
      tail: string[];
      /** The hidden lines themselves (bounded), for the transcript pager. */
      middle?: string[];
      durationMs: number;
    }
  | { kind: "patch"; ok: boolean; changes: FileChange[]; error?: string }
  | { kind: "plan"; explanation?: string; plan: PlanStep[] }
  | { kind: "notice"; level: "info" | "warning" | "error"; text: string }
  | { kind: "info"; title: string; lines: string[] }
  | { kind: "table"; title: string; header: string[]; rows: string[][] }
  | { kind: "diff"; title: string; text: string }
  | McpCallEntry;

export type TranscriptEntry = TranscriptEntryBody & { id: number };

/** The in-flight part of the screen (the dynamic region). */
export interface LiveState {
  /** The agent message streaming now: only its open (incomplete) line lives here. */
  stream?: { itemId: string; open: OpenLine; fenceOpen: boolean; started: boolean };
  /** The reasoning summary streaming now (bounded). */
  reasoning?: { itemId: string; text: string };
  /** The reasoning item already moved to the transcript (its item_completed comes later). */
  shownReasoning?: string;
  /** Agent messages of this turn whose text streamed in (their item_completed comes later). */
  shownMessages?: readonly string[];
  /** Tool calls announced by the model, by call id, until they finish. */
  calls: Record<string, LiveCall>;
}

export interface LiveCall {
  name: string;
  command?: { text: string; outputTail: string };
  patch?: PatchPreview;
  /** A command_finished / patch_applied / plan_updated already reported it. */
  reported: boolean;
  /** The person denied it (and was told so). */
  denied?: boolean;
}

const OUTPUT_HEAD = 2;
const OUTPUT_TAIL = 3;
/** Hidden output lines kept for the pager (the rest is counted, not kept). */
const PAGER_KEPT_LINES = 5000;

/** Command output collapsed to a few lines for the transcript; the hidden lines kept for Ctrl+T. */
export function collapseOutput(output: string): {
  head: string[];
  hidden: number;
  tail: string[];
  middle?: string[];
} {
  const lines = output.replace(/\s+$/, "").split("\n");
  if (lines.length === 1 && lines[0] === "") return { head: [], hidden: 0, tail: [] };
  if (lines.length <= OUTPUT_HEAD + OUTPUT_TAIL + 1) return { head: lines, hidden: 0, tail: [] };
  const middle = lines.slice(OUTPUT_HEAD, -OUTPUT_TAIL);
  return {
    head: lines.slice(0, OUTPUT_HEAD),
    hidden: middle.length,
    tail: lines.slice(-OUTPUT_TAIL),
    middle: middle.slice(0, PAGER_KEPT_LINES),
  };
}

/** How a finished command ended, as the transcript says it. */
export function exitLabel(entry: { aborted: boolean; timedOut: boolean; exitCode: number | null }) {
  if (entry.aborted) return "aborted";
  if (entry.timedOut) return "timed out";
  return `exit ${entry.exitCode ?? "?"}`;
}

/** The last `maxLines` lines of a growing output (bounded, for the live region). */
export function lastLines(text: string, maxLines: number, maxChars = 2000): string {
  const bounded = text.length > maxChars ? text.slice(-maxChars) : text;
  const lines = bounded.split("\n");
  return lines.slice(-maxLines).join("\n");
}

/** Shown under a message sent into the running turn. */
export const STEERED_LABEL = "(sent into the running turn)";

type McpFinished = Extract<ToolEvent, { type: "mcp_call_finished" }>;

/** A finished MCP call in the transcript, like a command: what ran, how it went, a few lines. */
export interface McpCallEntry {
  kind: "mcp";
  server: string;
  tool: string;
  arguments: string;
  ok: boolean;
  durationMs: number;
  head: string[];
  hidden: number;
  tail: string[];
  middle?: string[];
}

const MAX_ARGUMENTS = 200;

export function mcpCallEntry(event: McpFinished): McpCallEntry {
  const args = JSON.stringify(event.arguments ?? {});
  return {
    kind: "mcp",
    server: event.server,
    tool: event.tool,
    arguments: args.length > MAX_ARGUMENTS ? `${args.slice(0, MAX_ARGUMENTS)}…` : args,
    ok: event.error === undefined,
    durationMs: event.durationMs,
    ...collapseOutput(printable(event.error ?? event.modelText ?? "")),
  };
}
