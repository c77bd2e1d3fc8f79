import type { QuestionOptions } from "../ui/index.js";
import { askUntil } from "./terminal-line.js";

/**
 * A question before the TUI draws: the lines, then the choices. On a terminal it is a list in
 * the TUI's own look (↑↓ and Enter, or a number key; Esc or Ctrl+C: no answer) and hands the
 * terminal back whole (src/ui/question-screen.ts); else numbered lines on stderr, asked again
 * until a number is given. Returns the index chosen, or undefined without an answer.
 */
export async function askChoice(
  lines: readonly string[],
  choices: readonly string[],
  options: QuestionOptions = {},
): Promise<number | undefined> {
  if (process.stdin.isTTY && process.stdout.isTTY) {
    const { askOnScreen } = await import("../ui/question-screen.js");
    return askOnScreen(lines, choices, options);
  }
  return askChoiceByLines(lines, choices);
}

/** The numbered question as lines (stdin or stdout not a terminal); undefined when the input ends. */
async function askChoiceByLines(
  lines: readonly string[],
  choices: readonly string[],
): Promise<number | undefined> {
  process.stderr.write(`\n${lines.join("\n")}\n\n`);
  choices.forEach((choice, i) => {
    process.stderr.write(`  ${i + 1}. ${choice}\n`);
  });
  return askUntil(`\nChoose 1–${choices.length}: `, (answer) => {
    const n = Number(answer);
    return Number.isInteger(n) && n >= 1 && n <= choices.length ? n - 1 : undefined;
  });
}
