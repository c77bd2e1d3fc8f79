/**
 * What the demo model (model.ts) understands, in the words /help and the README use; a test
 * checks that each is understood and that the README lists each.
 */
interface DemoPhrase {
  /** What to type (`N`, `<…>`: fill in). */
  phrase: string;
  /** What the demo model does with it. */
  does: string;
}

export const DEMO_PHRASES: readonly DemoPhrase[] = [
  { phrase: "run: <command>", does: "runs a shell command (shell_command)" },
  {
    phrase: "repeat N: run: <command>",
    does: "runs it N times in one turn, one call per response",
  },
  {
    phrase: "parallel N: run: <command>",
    does: "N shell calls in one response (`parallel N: plan: …` likewise)",
  },
  { phrase: "write <path>: <text>", does: "adds a file through apply_patch" },
  { phrase: "patch: + a patch on the next lines", does: "applies that patch (apply_patch)" },
  { phrase: "plan: a; b; c", does: "makes a plan (update_plan)" },
  { phrase: "view: <image file>", does: "looks at an image of the workspace (view_image)" },
  { phrase: "search: <query>", does: "a web search, offline (needs --search)" },
  { phrase: "call <tool> <json>", does: "calls any function tool offered (MCP tools too)" },
  {
    phrase: "start: <command>",
    does: "with exec_command: a background terminal, then one step a line (send: <text>, poll, stop, run: <command>, write <path>: <text>)",
  },
  {
    phrase: "demo:slow N",
    does: "answers in N parts, 200 ms apart: time to steer (Enter), queue (Tab) or interrupt (Esc)",
  },
  {
    phrase: "demo:slow N run: <command>",
    does: "the slow answer, then runs the command (steering meets a tool call)",
  },
  {
    phrase: "demo:slow N after run: <command>",
    does: "calls the command first, then the slow answer",
  },
  {
    phrase: "spawn: <task>",
    does: "hands the task to a subagent (spawn_agent, a fork), waits for it (wait_agent) and reports its answer; `spawn N:` N of them, `spawn isolated:` without the conversation, `spawn effort=high:` on another effort",
  },
  {
    phrase: "/plan <task>",
    does: "in Plan mode: asks which file (request_user_input, 3 choices), then answers with a <proposed_plan> that writes the file chosen",
  },
  {
    phrase: "Implement the plan.",
    does: "in Default mode: carries out the last proposed plan's `write <path>: <text>` steps (apply_patch)",
  },
  { phrase: "demo:long N", does: "answers with N characters of text" },
  { phrase: "demo:fail", does: "fails the response, to see an error" },
  {
    phrase: "demo:echo-credential",
    does: "answers with the credential the request carried, as a careless server might: you see [credential removed]",
  },
  { phrase: "/compact", does: "summarises what you asked" },
  { phrase: "anything else", does: "is echoed back (You said: …)" },
];

/** Goal texts the demo model has a script for (`/goal TEXT`, `exec --goal TEXT`; goal-steps.ts). */
export const DEMO_GOAL_SCRIPTS: readonly DemoPhrase[] = [
  {
    phrase: "count to N in FILE",
    does: "appends one number a turn to FILE; at N reports the goal met (update_goal)",
  },
  {
    phrase: "count forever in FILE",
    does: "appends a number each turn, never met: a budget or Esc stops it",
  },
  { phrase: "blocked: REASON", does: "reports the goal blocked with REASON" },
];
