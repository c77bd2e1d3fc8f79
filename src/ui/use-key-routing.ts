import { type Key, useInput, useStdout } from "ink";
import { useCallback, useRef, useState } from "react";
import { ReasoningEffortSchema } from "../protocol/request.js";
import { scrollDiff } from "./approval-diff.js";
import { approvalKey, approvalKeyGoesToComposer, diffGeometry } from "./approval-prompt.js";
import { EFFORT_CYCLE } from "./keymap.js";
import { modelChoices } from "./model-catalog.js";
import { type PickerSpec, pickerKey } from "./picker.js";
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
  /** Print the last command's whole output. */
  showOutput(): void;
}

/**
 * One handler for every key: the approval prompt first, else the effort picker, else the
 * composer. Esc, Ctrl+C and Ctrl+T act on the turn, the input and the app.
 */
export function useKeyRouting({ agent, onSubmit, print, quit, showOutput }: KeyRoutingOptions) {
  const picker = useRefState<{ spec: PickerSpec; index: number } | undefined>(undefined);
  const openPicker = (spec: PickerSpec) =>
    picker.set({ spec, index: Math.max(0, spec.options.indexOf(spec.current ?? "")) });
  const approvalChoice = useRefState(0);
  const diffOffset = useRefState(0);
  const { stdout } = useStdout();
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
    if (signal === "show_output") return showOutput();
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

  const notice = (text: string) => print({ kind: "notice", level: "info", text });

  const effortPicker = (): PickerSpec => ({
    title: "Reasoning effort for the next request",
    options: EFFORTS,
    current: agent.session?.status().effort ?? "medium",
    onPick: (effort) => {
      const level = ReasoningEffortSchema.parse(effort);
      agent.session?.update({ effort: level });
      notice(`Reasoning effort: ${level} (applies to the next request).`);
    },
  });

  /** /model: a model, then (for a reasoning model) its effort; both apply to the next request. */
  const modelPicker = (): PickerSpec => {
    const status = agent.session?.status();
    const choices = modelChoices(status?.model ?? "");
    return {
      title: "Model for the next request",
      options: choices.map((choice) => choice.model),
      details: Object.fromEntries(
        choices.map((c) => [c.model, `${c.description}${c.efforts ? "" : " · no effort"}`]),
      ),
      current: status?.model,
      onPick: (model) => {
        const efforts = choices.find((choice) => choice.model === model)?.efforts;
        if (!efforts) {
          agent.session?.update({ model, effort: undefined });
          notice(`Model: ${model} (applies to the next request).`);
          return;
        }
        const now = status?.effort;
        openPicker({
          title: `Reasoning effort for ${model}`,
          options: efforts,
          current: now && efforts.includes(now) ? now : "medium",
          onPick: (effort) => {
            const level = ReasoningEffortSchema.parse(effort);
            agent.session?.update({ model, effort: level });
            notice(`Model: ${model}, effort ${level} (applies to the next request).`);
          },
        });
      },
    };
  };

  const route = useRef<(input: string, key: Key) => void>(() => {});
  route.current = (input, key) => {
    const pendingApproval = agent.currentApproval();
    if (pendingApproval && approvalKeyGoesToComposer(input, key, composer.isEmpty())) {
      composer.handle(input, key);
      return;
    }
    if (pendingApproval) {
      const result = approvalKey(input, key, approvalChoice.ref.current);
      // Esc / Ctrl+C on a prompt deny it and stop the turn.
      if (result === "interrupt") {
        approvalChoice.set(0);
        diffOffset.set(0);
        return agent.interrupt();
      }
      if (result && "decision" in result) {
        approvalChoice.set(0);
        diffOffset.set(0);
        agent.decide(pendingApproval, result.decision);
      } else if (result && "scroll" in result) {
        const { lines, rows, columns } = diffGeometry(pendingApproval.request, stdout);
        diffOffset.set(scrollDiff(lines, diffOffset.ref.current, result.scroll, rows, columns));
      } else if (result) approvalChoice.set(result.index);
      return;
    }
    const open = picker.ref.current;
    if (open !== undefined) {
      const result = pickerKey(input, key, open.index, open.spec.options);
      if (!result) return;
      if ("index" in result) return picker.set({ ...open, index: result.index });
      picker.set(undefined);
      // Picking may open the next picker (a model's efforts).
      if ("pick" in result) open.spec.onPick(result.pick);
      return;
    }
    composer.handle(input, key);
  };
  const onInput = useCallback((input: string, key: Key) => route.current(input, key), []);
  useInput(onInput);

  return {
    composer,
    hint,
    /** The open picker and its highlighted option. */
    picker: picker.value,
    approvalChoice: approvalChoice.value,
    /** First line of the approval's diff on screen. */
    diffOffset: diffOffset.value,
    openEffortPicker: () => openPicker(effortPicker()),
    openModelPicker: () => openPicker(modelPicker()),
  };
}
