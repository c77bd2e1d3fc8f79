import { stripVTControlCharacters } from "node:util";

/** Wait until `predicate` holds, polling on the event loop (no fixed sleeps). */
export async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function plain(frame: string | undefined): string {
  return stripVTControlCharacters(frame ?? "");
}

/** The last line of the frame that holds the status bar (it contains the model name). */
export function statusLine(frame: string, marker: string): string {
  return (
    plain(frame)
      .split("\n")
      .filter((line) => line.includes(marker))
      .at(-1) ?? ""
  );
}
