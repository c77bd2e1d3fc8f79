/** What Ctrl+C does, from what is going on (a pure decision; the controller carries it out). */
type CtrlCStep =
  | { do: "quit" }
  | { do: "interrupt"; hint: string }
  | { do: "clear_input"; hint: string }
  | { do: "arm"; hint: string };

/**
 * Ctrl+C interrupts a turn, else clears the input, else arms quitting; pressed again while
 * armed it quits. A turn slow to unwind (a checkpoint, a hook) does not swallow the second press.
 */
export function ctrlCStep(now: {
  busy: boolean;
  quitArmed: boolean;
  inputEmpty: boolean;
}): CtrlCStep {
  if (now.quitArmed && (now.busy || now.inputEmpty)) return { do: "quit" };
  if (now.busy)
    return { do: "interrupt", hint: "Interrupted. Ctrl+C again on an empty input quits." };
  if (!now.inputEmpty)
    return { do: "clear_input", hint: "Input cleared. Press Ctrl+C again to quit." };
  return { do: "arm", hint: "Press Ctrl+C again to quit." };
}
