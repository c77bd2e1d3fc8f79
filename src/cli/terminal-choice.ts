import { withTerminalLines } from "./terminal-line.js";

/**
 * A numbered question on the plain terminal, before the TUI draws (stderr, like the hook-trust
 * question): the lines, then the choices `1.`, `2.` …; asked again until a number is given.
 * Returns the index chosen, or undefined when the input ends (Ctrl+D, Ctrl+C).
 */
export async function askChoice(lines: string[], choices: string[]): Promise<number | undefined> {
  process.stderr.write(`\n${lines.join("\n")}\n\n`);
  choices.forEach((choice, i) => {
    process.stderr.write(`  ${i + 1}. ${choice}\n`);
  });
  return withTerminalLines(async (io) => {
    let ended = false;
    io.on("close", () => {
      ended = true;
    });
    io.on("SIGINT", () => io.close());
    for (;;) {
      const answer = await io.question(`\nChoose 1–${choices.length}: `).catch(() => undefined);
      if (answer === undefined || ended) return undefined;
      const n = Number(answer.trim());
      if (Number.isInteger(n) && n >= 1 && n <= choices.length) return n - 1;
    }
  });
}
