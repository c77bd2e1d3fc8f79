import { randomBytes } from "node:crypto";
import { capOutput } from "../shell-output.js";

/** The Codex CLI's default and the bytes one token stands for when capping. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;
const BYTES_PER_TOKEN = 4;

interface ExecOutputInput {
  wallMs: number;
  /** Set when the process ended; else `sessionId` names the running one. */
  exitCode?: number;
  sessionId?: number;
  text: string;
  maxOutputTokens: number;
  /** Lines scrolled out of the terminal before this read. */
  scrolledOut?: boolean;
  /** Said first (a clamped yield, an interrupt). */
  notes?: string[];
}

/**
 * The one cap on what a tool's output may put into history (exec_command, write_stdin and MCP
 * results): head and tail kept, the middle's size said, at about `maxTokens` tokens.
 */
export function capForModel(text: string, maxTokens = DEFAULT_MAX_OUTPUT_TOKENS): string {
  return capOutput(text, maxTokens * BYTES_PER_TOKEN);
}

/** Tokens as the model is billed them, roughly: four bytes each. */
function approxTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, "utf8") / BYTES_PER_TOKEN);
}

/**
 * The Codex CLI's exec_command / write_stdin output: `Chunk ID`, `Wall time`, the exit code or
 * the session id, `Original token count`, then the output capped to `max_output_tokens`.
 */
export function formatExecOutput(input: ExecOutputInput): string {
  const scrolled = input.scrolledOut
    ? ["[... earlier output scrolled out of the terminal ...]"]
    : [];
  const body = [...(input.notes ?? []), ...scrolled, input.text].join("\n");
  const status =
    input.exitCode !== undefined
      ? `Process exited with code ${input.exitCode}`
      : `Process running with session ID ${input.sessionId}`;
  return [
    `Chunk ID: ${randomBytes(3).toString("hex")}`,
    `Wall time: ${(input.wallMs / 1000).toFixed(4)} seconds`,
    status,
    `Original token count: ${approxTokens(input.text)}`,
    "Output:",
    capForModel(body, input.maxOutputTokens),
  ].join("\n");
}
