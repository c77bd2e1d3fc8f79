import { createInterface, type Interface } from "node:readline/promises";

/**
 * A question on the plain terminal with readline, then stdin handed back whole for the TUI.
 * Closing readline pauses stdin, and Node stops the terminal's reads one tick after that
 * pause: a `readable` listener added in between (Ink's, when the TUI draws at once) never
 * restarts them, and the TUI takes no key at all. So the close waits for that tick.
 */
async function withTerminalLines<T>(
  ask: (io: Interface) => Promise<T>,
  /** Where readline echoes what is typed (default stderr; a muted stream for a secret). */
  output: NodeJS.WritableStream = process.stderr,
): Promise<T> {
  const io = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  try {
    return await ask(io);
  } finally {
    io.close();
    await new Promise<void>((settled) => setImmediate(settled));
  }
}

/**
 * Ask `prompt` on the plain terminal until `accept` takes an answer (a number in range, a line
 * that is not empty); undefined when the input ends (Ctrl+D, Ctrl+C).
 */
export function askUntil<T>(
  prompt: string,
  accept: (answer: string) => T | undefined,
  output?: NodeJS.WritableStream,
): Promise<T | undefined> {
  return withTerminalLines(async (io) => {
    let ended = false;
    io.on("close", () => {
      ended = true;
    });
    io.on("SIGINT", () => io.close());
    for (;;) {
      const answer = await io.question(prompt).catch(() => undefined);
      if (answer === undefined || ended) return undefined;
      const accepted = accept(answer.trim());
      if (accepted !== undefined) return accepted;
    }
  }, output);
}
