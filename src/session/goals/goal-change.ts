/**
 * How a goal changed: `set`, `resumed`, `paused`, `cleared` by the person (or an interrupt,
 * a failed turn); `turn`: one of its turns starts (its spend so far); `spent`: a request or a
 * turn of it ended;
 * `reported`: the model called update_goal; `stopped`: a budget or the usage limit ended it.
 */
export type GoalChange =
  | "set"
  | "turn"
  | "spent"
  | "reported"
  | "stopped"
  | "paused"
  | "resumed"
  | "cleared";
