import { type Key, useInput, useStdin, useStdout } from "ink";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { commandsOf } from "../commands/index.js";
import type { TuiController } from "../controller/index.js";
import { ComposerModel, type ComposerOptions } from "./composer-model.js";
import { composerSignal, routeKey, submitText } from "./route-key.js";
import { useCompletion } from "./use-completion.js";
import { useTypedKeys } from "./use-typed-keys.js";

/** Alt+, and Alt+.: Ink reports them as a plain "," and "."; the raw chunk still has the Esc. */
const ALT_PUNCTUATION = /^\u001b[,.]$/;

/** The raw chunk of the key Ink is about to hand to useInput (read before it is parsed). */
function useRawChunk() {
  const { internal_eventEmitter: events } = useStdin();
  const last = useRef("");
  // Registered before useInput's own listener (effects run in order), so it sees a chunk first.
  useEffect(() => {
    const record = (chunk: string | Buffer) => {
      last.current = String(chunk);
    };
    events.on("input", record);
    return () => {
      events.removeListener("input", record);
    };
  }, [events]);
  return last;
}

/**
 * Every key of the app, to one route (input/route-key.ts); the composer and the `/` and `@`
 * popup it feeds. `takeReport`: input that is not a key (a focus report), true when taken.
 */
export function useKeys(controller: TuiController, takeReport: (input: string) => boolean) {
  useTypedKeys(controller.config.tui.escapeTimeoutMs);
  const raw = useRawChunk();
  const { stdout } = useStdout();
  const { model, buffer } = useComposer({
    onSubmit: (text, mode, images) => submitText(controller, text, mode, images),
    onSignal: (signal, empty) => composerSignal(controller, signal, empty),
    cwd: controller.launch.cwd,
    onNotice: (text) => controller.notice("warning", text),
    takePending: () => controller.takePending(),
  });
  useEffect(() => controller.attachInput(model), [controller, model]);
  // the warm-up waits for the first message to take shape (controller/warm-up-trigger.ts)
  useEffect(
    () => model.subscribe(() => controller.drafting(model.current().text)),
    [controller, model],
  );
  const completion = useCompletion({
    cwd: controller.launch.cwd,
    commands: commandsOf(controller.session),
    skills: controller.session?.knowledge?.skills ?? [],
    current: model.current,
    replace: model.replace,
    submit: model.submit,
  });
  // A new session re-reads the workspace's files at its first `@`.
  const { reset } = completion;
  useEffect(() => {
    let id = controller.store.getState().status.sessionId;
    return controller.store.subscribe(() => {
      const now = controller.store.getState().status.sessionId;
      if (now !== id) reset();
      id = now;
    });
  }, [controller, reset]);
  useInput((input: string, key: Key) => {
    if (takeReport(input)) return;
    const keyed = ALT_PUNCTUATION.test(raw.current) ? { ...key, meta: true } : key;
    routeKey(
      { controller, composer: model, completion: completion.handle, terminal: stdout },
      input,
      keyed,
    );
  });
  return { buffer, completion, search: model.search() };
}

/** The composer for a view: one model for the app's life, re-rendering on each edit. */
function useComposer(options: ComposerOptions) {
  const [model] = useState(() => new ComposerModel(options));
  const buffer = useSyncExternalStore(model.subscribe, model.current);
  return { model, buffer };
}
