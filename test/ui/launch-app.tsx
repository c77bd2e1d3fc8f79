import { render } from "ink-testing-library";
import { App } from "../../src/ui/app.js";
import type { TuiLaunchOptions } from "../../src/ui/contract.js";
import { plain, waitFor } from "./ink-helpers.js";
import { type Script, ScriptedSession } from "./scripted-session.js";

let unmounts: Array<() => void> = [];

/** Unmount every app launched so far (call from afterEach). */
export function unmountAll() {
  for (const unmount of unmounts) unmount();
  unmounts = [];
}

/** The App on a scripted session, with helpers to type and read the frame. */
export function launch(script: Script, overrides: Partial<TuiLaunchOptions> = {}) {
  const sessions: ScriptedSession[] = [];
  const options: TuiLaunchOptions = {
    createSession: async (hooks) => {
      const session = new ScriptedSession(hooks, script);
      sessions.push(session);
      return session;
    },
    home: "/nonexistent-home",
    hiddenHomes: ["/nonexistent-home"],
    cwd: process.cwd(),
    approvalPolicy: "untrusted",
    sandbox: "workspace-write",
    contextWindow: 10_000,
    version: "0.0.0-test",
    ...overrides,
  };
  const ui = render(<App options={options} />);
  unmounts.push(ui.unmount);
  const frame = () => plain(ui.lastFrame());
  const type = async (text: string) => {
    ui.stdin.write(text);
    await waitFor(() => frame().includes(text.split("\n").at(-1) ?? text), `"${text}" echoed`);
  };
  const submit = async (text: string) => {
    await type(text);
    ui.stdin.write("\r");
  };
  /** Tab: while a turn runs, the message waits for after it (Enter would steer). */
  const queue = async (text: string) => {
    await type(text);
    ui.stdin.write("\t");
  };
  return { ui, frame, sessions, type, submit, queue };
}

export const ready = (frame: () => string) =>
  waitFor(() => frame().includes("session sess_test"), "the session banner");
