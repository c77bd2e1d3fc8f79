import { type Key, useInput } from "ink";
import { useCallback, useRef, useState } from "react";
import { ReasoningEffortSchema } from "../protocol/request.js";
import { approvalKey, approvalKeyGoesToComposer } from "./approval-prompt.js";
import { EFFORT_CYCLE } from "./keymap.js";
import { pickerKey } from "./picker.js";
import type { TranscriptEntryBody } from "./transcript-entries.js";
import type { useAgentSession } from "./use-agent-session.js";
import { type ComposerSignal, useComposer } from "./use-composer.js";
import { useRefState } from "./use-terminal.js";

export const EFFORTS = ReasoningEffortSchema.options;

export interface KeyRoutingOptions {
  agent: ReturnType<typeof useAgentSession>;
  /** A message or slash command the person sent. */
  onSubmit(text: string): void;
  print(...entries: TranscriptEntryBody[]): void;
  quit(): void;
}

/**
 * One handler for every key: the approval prompt first, else the effort picker, else the
 * composer. Esc, Ctrl+C and Ctrl+T act on the turn, the input and the app.
 */
export function useKeyRouting({ agent, onSubmit, print, quit }: KeyRoutingOptions) {
  const picker = useRefState<number | undefined>(undefined);
  const approvalChoice = useRefState(0);
  const [hint, setHint] = useState("");
  const quitArmed = useRef(false);
  const clearComposer = useRef(() => {});

  const submit = (text: string) => {
    quitArmed.current = false;
    setHint("");
    onSubmit(text);
  };

  const onSignal = (signal: ComposerSignal, empty: boolean) => {
    if (signal === "cycle_effort") {
      const session = agent.session;
      if (!session) return;
      const now = session.status().effort;
      const index = EFFORT_CYCLE.indexOf(now as (typeof EFFORT_CYCLE)[number]);
      const effort = EFFORT_CYCLE[(index + 1) % EFFORT_CYCLE.length] ?? "medium";
      session.update({ effort });
      setHint(`effort → ${effort} (next request)`);
      return;
    }
    if (signal === "interrupt") {
      if (agent.isBusy()) agent.interrupt();
      return;
    }
    // Ctrl+C: interrupt a turn, else clear the input, else (twice in a row) quit.
    if (agent.isBusy()) {
      agent.interrupt();
      setHint("Interrupted. Ctrl+C again on an empty input quits.");
      quitArmed.current = true;
    } else if (!empty) {
      clearComposer.current();
      quitArmed.current = true;
      setHint("Input cleared. Press Ctrl+C again to quit.");
    } else if (quitArmed.current) {
      quit();
    } else {
      quitArmed.current = true;
      setHint("Press Ctrl+C again to quit.");
    }
  };

  const composer = useComposer({ onSubmit: submit, onSignal });
  clearComposer.current = composer.clear;

  const pickEffort = (effort: string) => {
    picker.set(undefined);
    const level = ReasoningEffortSchema.parse(effort);
    agent.session?.update({ effort: level });
    print({
      kind: "notice",
      level: "info",
      text: `Reasoning effort: ${level} (applies to the next request).`,
    });
  };

  const route = useRef<(input: string, key: Key) => void>(() => {});
  route.current = (input, key) => {
    const pendingApproval = agent.currentApproval();
    if (pendingApproval && approvalKeyGoesToComposer(input, key, composer.isEmpty())) {
      composer.handle(input, key);
      return;
    }
    if (pendingApproval) {
      const result = approvalKey(input, key, approvalChoice.ref.current, pendingApproval.request);
      // Esc / Ctrl+C on a prompt deny it and stop the turn.
      if (result === "interrupt") {
        approvalChoice.set(0);
        return agent.interrupt();
      }
      if (result && "decision" in result) {
        approvalChoice.set(0);
        agent.decide(pendingApproval, result.decision);
      } else if (result) approvalChoice.set(result.index);
      return;
    }
    if (picker.ref.current !== undefined) {
      const result = pickerKey(input, key, picker.ref.current, EFFORTS);
      if (!result) return;
      if ("pick" in result) pickEffort(result.pick);
      else if ("cancel" in result) picker.set(undefined);
      else picker.set(result.index);
      return;
    }
    composer.handle(input, key);
  };
  const onInput = useCallback((input: string, key: Key) => route.current(input, key), []);
  useInput(onInput);

  return {
    composer,
    hint,
    /** Index of the highlighted effort while the picker is open. */
    picker: picker.value,
    approvalChoice: approvalChoice.value,
    openEffortPicker: () => {
      const current = agent.session?.status().effort ?? "medium";
      picker.set(Math.max(0, EFFORTS.indexOf(current)));
    },
  };
}
