import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { PRIVATE_DIR, PRIVATE_FILE_MODE } from "../session/index.js";

/** Where the app draws: an escape sequence may go there when it is a terminal. */
export interface TerminalOut {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * The most text sent as OSC 52 (its base64 is a third longer): terminals and tmux drop longer
 * sequences without a word, so a longer answer goes to a file instead.
 */
export const OSC52_MAX_BYTES = 74_000;

/** The escape sequence that asks the terminal to put `text` on the clipboard. */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}

/** How text went to the clipboard, or why it went to a file instead. */
type CopyRoute = { via: "osc52" } | { via: "file"; why: "not a terminal" | "too long" | "asked" };

/** Pure: OSC 52 to a terminal for text that fits, else a file. */
export function copyRoute(text: string, out: TerminalOut, toFile: boolean): CopyRoute {
  if (toFile) return { via: "file", why: "asked" };
  if (!out.isTTY) return { via: "file", why: "not a terminal" };
  if (Buffer.byteLength(text, "utf8") > OSC52_MAX_BYTES) return { via: "file", why: "too long" };
  return { via: "osc52" };
}

/** Text the session produced, written only for its owner to read (its folder made if needed). */
export function writePrivateText(path: string, text: string): void {
  mkdirSync(dirname(path), PRIVATE_DIR);
  writeFileSync(path, text, { mode: PRIVATE_FILE_MODE });
}
