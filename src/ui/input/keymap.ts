import type { Key } from "ink";

/** Everything a key can do outside plain typing. */
export type KeyAction =
  | "submit"
  | "queue"
  | "newline"
  | "interrupt"
  | "ctrl_c"
  | "cycle_effort"
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
  | "backspace"
  | "delete_word"
  | "clear_line";

export interface KeyBinding {
  keys: string;
  action: KeyAction;
  description: string;
  match(input: string, key: Key): boolean;
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
    match: (input, key) => key.ctrl && input === "c",
  },
  {
    keys: "Ctrl+T",
    action: "transcript",
    description: "the whole transcript in a pager (↑↓ PgUp PgDn g G scroll, / search, Esc closes)",
    match: (input, key) => key.ctrl && input === "t",
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
    match: (input, key) => key.ctrl && input === "o",
  },
  {
    keys: "Ctrl+X",
    action: "expand_paste",
    description: "expand collapsed pastes ([Pasted N chars]) into the input",
    match: (input, key) => key.ctrl && input === "x",
  },
  {
    keys: "Ctrl+R",
    action: "search_history",
    description: "search the messages sent before (again: older; Enter puts it in the input)",
    match: (input, key) => key.ctrl && input === "r",
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
  { keys: "Left", action: "left", description: "move left", match: (_i, key) => key.leftArrow },
  { keys: "Right", action: "right", description: "move right", match: (_i, key) => key.rightArrow },
  {
    keys: "Home / Ctrl+A",
    action: "home",
    description: "start of line",
    match: (input, key) => key.home || (key.ctrl && input === "a"),
  },
  {
    keys: "End / Ctrl+E",
    action: "end",
    description: "end of line",
    match: (input, key) => key.end || (key.ctrl && input === "e"),
  },
  {
    keys: "Backspace",
    action: "backspace",
    description: "delete before the cursor",
    // Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`.
    match: (_i, key) => key.backspace || key.delete,
  },
  {
    keys: "Ctrl+W",
    action: "delete_word",
    description: "delete the word before the cursor",
    match: (input, key) => key.ctrl && input === "w",
  },
  {
    keys: "Ctrl+U",
    action: "clear_line",
    description: "clear the input",
    match: (input, key) => key.ctrl && input === "u",
  },
];

export function keyAction(input: string, key: Key): KeyAction | undefined {
  return KEY_BINDINGS.find((binding) => binding.match(input, key))?.action;
}

/** The key that prints the last command's whole output (named where output is cut). */
export const SHOW_OUTPUT_KEY = "Ctrl+O";

/** Control characters that can arrive inside a multi-character chunk (keys typed fast). */
export const CONTROL_CHAR_ACTIONS: Readonly<Record<string, KeyAction>> = {
  "\u0003": "ctrl_c",
  "\r": "submit",
  "\t": "queue",
  "\n": "newline",
  "\u007f": "backspace",
  "\b": "backspace",
  "\u000f": "show_output",
  "\u0018": "expand_paste",
  "\u0012": "search_history",
  "\u0015": "clear_line",
  "\u0017": "delete_word",
  "\u0001": "home",
  "\u0005": "end",
};
