import type { Key } from "ink";

/** Everything a key can do outside plain typing. */
export type KeyAction =
  | "submit"
  | "queue"
  | "newline"
  | "interrupt"
  | "ctrl_c"
  | "cycle_effort"
  | "cycle_mode"
  | "effort_down"
  | "effort_up"
  | "transcript"
  | "show_output"
  | "expand_paste"
  | "search_history"
  | "up"
  | "down"
  | "left"
  | "right"
  | "home"
  | "end"
  | "word_left"
  | "word_right"
  | "backspace"
  | "delete_forward"
  | "kill_spaced_word_before"
  | "kill_word_before"
  | "kill_word_after"
  | "kill_line_start"
  | "kill_line_end"
  | "yank";

interface KeyBinding {
  keys: string;
  action: KeyAction;
  description: string;
  /** The letter of a Ctrl+letter binding: its control byte does the same inside a chunk. */
  ctrl?: string;
  match(input: string, key: Key): boolean;
}

/** The control byte Ctrl+`letter` sends (Ctrl+U: 0x15). */
const controlByte = (letter: string) => String.fromCharCode(letter.charCodeAt(0) - 96);

/**
 * Ctrl+`letter`, as Ink reports it (the letter with `ctrl`) or as its bare control byte (a
 * terminal that sends the byte without the modifier): never typed text either way.
 */
function ctrlKey(letter: string) {
  const byte = controlByte(letter);
  return {
    ctrl: letter,
    match: (input: string, key: Key) => (key.ctrl && input === letter) || input === byte,
  };
}

/** The one table of key bindings; /help lists it. Order matters: first match wins. */
export const KEY_BINDINGS: readonly KeyBinding[] = [
  {
    keys: "Shift+Enter / Ctrl+J",
    action: "newline",
    description: "insert a newline",
    match: (input, key) => (key.return && (key.shift || key.meta)) || input === "\n",
  },
  {
    keys: "Enter",
    action: "submit",
    description: "send the message (while a turn runs: into that turn)",
    match: (_i, key) => key.return,
  },
  {
    keys: "Shift+Tab",
    action: "cycle_mode",
    description: "switch between Default and Plan mode (read-only, its own effort; between turns)",
    match: (_i, key) => key.tab && key.shift,
  },
  {
    keys: "Tab",
    action: "queue",
    description: "while a turn runs: queue the message for after it",
    match: (_i, key) => key.tab,
  },
  {
    keys: "Esc",
    action: "interrupt",
    description: "interrupt the running turn; twice on an empty input: edit an earlier message",
    match: (_i, key) => key.escape,
  },
  {
    keys: "Ctrl+C",
    action: "ctrl_c",
    description: "interrupt / clear the input; twice to quit",
    ...ctrlKey("c"),
  },
  {
    keys: "Ctrl+T",
    action: "transcript",
    description: "the whole transcript in a pager (↑↓ PgUp PgDn g G scroll, / search, Esc closes)",
    ...ctrlKey("t"),
  },
  {
    keys: "Alt+E",
    action: "cycle_effort",
    description: "cycle the model's reasoning efforts (next request)",
    match: (input, key) => key.meta && input === "e",
  },
  {
    keys: "Alt+, / Alt+.",
    action: "effort_down",
    description: "lower / raise reasoning effort (next request)",
    match: (input, key) => key.meta && input === ",",
  },
  {
    keys: "",
    action: "effort_up",
    description: "",
    match: (input, key) => key.meta && input === ".",
  },
  {
    keys: "Ctrl+O",
    action: "show_output",
    description: "print the last command's whole output (the transcript cuts it)",
    ...ctrlKey("o"),
  },
  {
    keys: "Ctrl+X",
    action: "expand_paste",
    description: "expand collapsed pastes ([Pasted N chars]) into the input",
    ...ctrlKey("x"),
  },
  {
    keys: "Ctrl+R",
    action: "search_history",
    description: "search the messages sent before (again: older; Enter puts it in the input)",
    ...ctrlKey("r"),
  },
  {
    keys: "Up",
    action: "up",
    description: "previous line / message",
    match: (_i, key) => key.upArrow,
  },
  {
    keys: "Down",
    action: "down",
    description: "next line / message",
    match: (_i, key) => key.downArrow,
  },
  {
    keys: "Left / Ctrl+B",
    action: "left",
    description: "move left",
    ctrl: "b",
    match: (input, key) => key.leftArrow || ctrlKey("b").match(input, key),
  },
  {
    keys: "Right / Ctrl+F",
    action: "right",
    description: "move right",
    ctrl: "f",
    match: (input, key) => key.rightArrow || ctrlKey("f").match(input, key),
  },
  {
    keys: "Alt+B / Alt+F",
    action: "word_left",
    description: "move a word left / right",
    match: (input, key) => key.meta && input === "b",
  },
  {
    keys: "",
    action: "word_right",
    description: "",
    match: (input, key) => key.meta && input === "f",
  },
  {
    keys: "Home / Ctrl+A",
    action: "home",
    description: "start of line",
    ctrl: "a",
    match: (input, key) => key.home || ctrlKey("a").match(input, key),
  },
  {
    keys: "End / Ctrl+E",
    action: "end",
    description: "end of line",
    ctrl: "e",
    match: (input, key) => key.end || ctrlKey("e").match(input, key),
  },
  {
    keys: "Alt+Backspace",
    action: "kill_word_before",
    description: "delete the word before the cursor (letters and digits)",
    match: (_i, key) => key.meta && (key.backspace || key.delete),
  },
  {
    keys: "Backspace",
    action: "backspace",
    description: "delete before the cursor",
    // Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`.
    match: (_i, key) => key.backspace || key.delete,
  },
  {
    keys: "Ctrl+D",
    action: "delete_forward",
    description: "delete under the cursor",
    ...ctrlKey("d"),
  },
  {
    keys: "Ctrl+W",
    action: "kill_spaced_word_before",
    description: "delete back to the previous space",
    ...ctrlKey("w"),
  },
  {
    keys: "Alt+D",
    action: "kill_word_after",
    description: "delete to the end of the word",
    match: (input, key) => key.meta && input === "d",
  },
  {
    keys: "Ctrl+U",
    action: "kill_line_start",
    description: "delete to the start of the line",
    ...ctrlKey("u"),
  },
  {
    keys: "Ctrl+K",
    action: "kill_line_end",
    description: "delete to the end of the line",
    ...ctrlKey("k"),
  },
  {
    keys: "Ctrl+Y",
    action: "yank",
    description: "put back what Ctrl+U/K/W or Alt+D/Backspace deleted last",
    ...ctrlKey("y"),
  },
];

export function keyAction(input: string, key: Key): KeyAction | undefined {
  return KEY_BINDINGS.find((binding) => binding.match(input, key))?.action;
}

/** The key that prints the last command's whole output (named where output is cut). */
export const SHOW_OUTPUT_KEY = "Ctrl+O";

/**
 * Control characters that can arrive inside a multi-character chunk (keys typed fast): the
 * Ctrl+letter bindings' bytes, and the keys that are control bytes themselves.
 */
export const CONTROL_CHAR_ACTIONS: Readonly<Record<string, KeyAction>> = {
  ...Object.fromEntries(
    KEY_BINDINGS.flatMap((b) => (b.ctrl ? [[controlByte(b.ctrl), b.action]] : [])),
  ),
  "\r": "submit",
  "\t": "queue",
  "\n": "newline",
  "\u007f": "backspace",
  "\b": "backspace",
};
