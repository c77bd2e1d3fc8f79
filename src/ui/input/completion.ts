import type { ComposerBuffer } from "../model/index.js";

/** The word being completed: a slash command at the start, an `@path` or a `$skill` anywhere. */
export interface CompletionToken {
  kind: "slash" | "file" | "skill";
  /** What was typed after `/` or `@`. */
  query: string;
  /** Where the token (with its `/` or `@`) starts and ends in the buffer. */
  start: number;
  end: number;
}

export interface CompletionItem {
  /** What is inserted (without the `/` or `@`). */
  value: string;
  detail?: string;
}

/** The character each kind of token starts with. */
export const COMPLETION_MARKS: Record<CompletionToken["kind"], string> = {
  slash: "/",
  file: "@",
  skill: "$",
};

/** The token under the cursor, or undefined when nothing is being completed. */
export function completionAt(buffer: ComposerBuffer): CompletionToken | undefined {
  const { text, cursor } = buffer;
  const before = text.slice(0, cursor);
  const slash = /^\/([\w-]*)$/.exec(before);
  if (slash && !/\S/.test(text.slice(cursor, cursor + 1))) {
    return { kind: "slash", query: slash[1] ?? "", start: 0, end: cursor };
  }
  const skill = /(^|\s)\$([\w-]*)$/.exec(before);
  if (skill) {
    const after = /^[\w-]*/.exec(text.slice(cursor))?.[0] ?? "";
    const start = cursor - (skill[2]?.length ?? 0) - 1;
    return { kind: "skill", query: skill[2] ?? "", start, end: cursor + after.length };
  }
  const mention = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!mention) return undefined;
  const start = cursor - (mention[2]?.length ?? 0) - 1;
  const after = /^[^\s]*/.exec(text.slice(cursor))?.[0] ?? "";
  return { kind: "file", query: mention[2] ?? "", start, end: cursor + after.length };
}

/** The buffer with the token replaced by the chosen value (and a space after it). */
export function applyCompletion(
  buffer: ComposerBuffer,
  token: CompletionToken,
  value: string,
): ComposerBuffer {
  const mark = COMPLETION_MARKS[token.kind];
  const rest = buffer.text.slice(token.end);
  const inserted = `${mark}${value}${rest.startsWith(" ") ? "" : " "}`;
  const text = buffer.text.slice(0, token.start) + inserted + rest;
  return { text, cursor: token.start + inserted.length };
}
