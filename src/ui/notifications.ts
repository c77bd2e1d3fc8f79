import { spawn } from "node:child_process";
import { ALWAYS_REMOVED } from "../sandbox/index.js";

export type NotificationEvent = "agent-turn-complete" | "approval-requested";

export interface NotificationSettings {
  /** Events notified while the terminal has no focus. */
  events: ReadonlySet<NotificationEvent>;
  method: "osc9" | "bel";
  /** `notify = ["program", …]`: run on each finished turn with the JSON as last argument. */
  command?: readonly string[];
}

/** Focus reporting (mode 1004): the terminal sends ESC [ I / ESC [ O on focus in / out. */
export const FOCUS_REPORTING_ON = "\u001b[?1004h";
export const FOCUS_REPORTING_OFF = "\u001b[?1004l";

/** What Ink hands over of a focus report ("[I" / "[O", sometimes with its ESC). */
export function focusReport(input: string): "in" | "out" | undefined {
  if (input === "[I" || input === "\u001b[I") return "in";
  if (input === "[O" || input === "\u001b[O") return "out";
  return undefined;
}

/** The escape sequence that raises a desktop notification (OSC 9) or rings the bell. */
export function notificationSequence(method: NotificationSettings["method"], text: string): string {
  // OSC text must not hold control characters (they would end or break the sequence).
  const safe = text.replace(/[\u0000-\u001f\u007f]/g, " ");
  return method === "bel" ? "\u0007" : `\u001b]9;${safe}\u0007`;
}

/** Codex's notify hook: the program gets the event as JSON; its failure never reaches the UI. */
export function runNotifyHook(command: readonly string[], event: Record<string, unknown>): void {
  const [program, ...args] = command;
  if (!program) return;
  try {
    // the person's environment, but never the API keys (no command gets them)
    const env = { ...process.env };
    for (const name of ALWAYS_REMOVED) delete env[name];
    const child = spawn(program, [...args, JSON.stringify(event)], {
      env,
      stdio: "ignore",
      detached: true,
    });
    child.on("error", () => {});
    child.unref();
  } catch {
    // a missing program is the person's configuration, not a crash
  }
}
