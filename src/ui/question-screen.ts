import { loadInk } from "./ink-modules.js";

/**
 * A question on the terminal before the TUI draws (folder trust, the resume directory, hooks),
 * drawn by Ink as the TUI's own pickers are: the lines, then the numbered choices. Resolves with
 * the index chosen, or undefined for no answer (Esc, Ctrl+C).
 *
 * The terminal is handed back as it was found: raw mode as before (the start-up keeps it on so
 * keys typed meanwhile do not echo), no reader left on stdin (Ink's is removed, and Node settles
 * that a tick later: waited for, so the next reader starts cleanly), stdin holding the process
 * open again while it is read (Ink unrefs it), the cursor shown again, and
 * neither bracketed paste nor a keyboard protocol turned on (the question asks for neither).
 * Keys typed after the answer wait for the app (a key read together with the answer, in the
 * same chunk, is the question's and dropped).
 */
export interface QuestionOptions {
  /** The choice highlighted first: a stray Enter (typed after the last question) takes it. */
  initial?: number;
}

export async function askOnScreen(
  lines: readonly string[],
  choices: readonly string[],
  options: QuestionOptions = {},
  stdin: NodeJS.ReadStream = process.stdin,
  stdout: NodeJS.WriteStream = process.stdout,
): Promise<number | undefined> {
  // no JSX in this file: React must load after loadInk's production setting
  const [{ render, createElement }, { StartQuestion }] = await Promise.all([
    loadInk(),
    import("./question-view.js"),
  ]);
  const wasRaw = stdin.isRaw;
  let answer: number | undefined;
  const onAnswer = (index: number | undefined) => {
    answer = index;
  };
  const instance = render(createElement(StartQuestion, { lines, choices, onAnswer, ...options }), {
    stdin,
    stdout,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  // the question comes before the app: its modules load while the person reads the question
  import("./app.js").catch(() => {});
  try {
    await instance.waitUntilExit();
  } finally {
    instance.unmount();
    await new Promise<void>((settled) => setImmediate(settled));
    if (wasRaw && !stdin.isRaw) stdin.setRawMode(true);
    // Ink unrefs stdin as it ends: the next reader's process would exit under it
    stdin.ref();
  }
  return answer;
}
