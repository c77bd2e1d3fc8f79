import type { TuiLaunchOptions } from "../../src/ui/contract.js";
import { TuiController } from "../../src/ui/controller/controller.js";
import type { TuiState } from "../../src/ui/controller/tui-state.js";
import { ComposerModel } from "../../src/ui/input/composer-model.js";
import { submitText } from "../../src/ui/input/route-key.js";
import { waitFor } from "./ink-helpers.js";
import { type Script, ScriptedSession } from "./scripted-session.js";

/** An Ink key with nothing pressed. */
export const NO_KEY = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
};

/** A turn that waits until the test lets it go (or it is interrupted). */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** The controller on a scripted session, with a real composer attached; nothing rendered. */
export async function started(script: Script, overrides: Partial<TuiLaunchOptions> = {}) {
  const sessions: ScriptedSession[] = [];
  let exitLines: string[] = [];
  const controller = new TuiController(
    {
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
      version: "0.0.0-test",
      ...overrides,
    },
    (lines) => {
      exitLines = lines;
    },
  );
  const composer = new ComposerModel({
    onSubmit: (text, mode, images) => submitText(controller, text, mode, images),
    onSignal: () => {},
    cwd: process.cwd(),
    onNotice: () => {},
    takePending: () => controller.takePending(),
  });
  controller.attachInput(composer);
  controller.start();
  await waitFor(() => controller.session !== undefined, "the session");
  const state = (): TuiState => controller.store.getState();
  const notices = () => state().entries.flatMap((e) => (e.kind === "notice" ? [e.text] : []));
  const session = () => sessions.at(-1)!;
  return { controller, composer, sessions, session, state, notices, exitLines: () => exitLines };
}
