import { type Key, useInput } from "ink";
import { useCallback, useRef, useState } from "react";
import { reasoningEffortSchema } from "../protocol/request.js";
import { approvalKeyGoesToComposer } from "./approval-choices.js";
import { commandsOf } from "./commands/prompt-commands.js";
import { EFFORT_CYCLE } from "./keymap.js";
import { modelChoices } from "./model-catalog.js";
import type { ChipImage } from "./paste-collapse.js";
import { type PickerSpec, pickerKey } from "./picker.js";
import type { TranscriptEntryBody } from "./transcript-entries.js";
import type { useAgentSession } from "./use-agent-session.js";
import { useApprovalKeys } from "./use-approval-keys.js";
import { useCompletion } from "./use-completion.js";
import { type ComposerSignal, type SubmitMode, useComposer } from "./use-composer.js";
import { useRefState } from "./use-terminal.js";

export const EFFORTS = reasoningEffortSchema().options;

export interface KeyRoutingOptions {
  agent: ReturnType<typeof useAgentSession>;
  /** The workspace (for `@` file mentions). */
  cwd: string;
  /** A message or slash command the person sent, with the images attached in the composer. */
  onSubmit(text: string, mode: SubmitMode, images: ChipImage[]): void;
  print(...entries: TranscriptEntryBody[]): void;
  quit(): void;
  /** Print the last command's whole output. */
  showOutput(): void;
  /** A list or pager over the screen takes the key first (true: it was its key). */
  modal?(input: string, key: Key): boolean;
  /** Input that is not a key (a focus report): true when it was taken. */
  takeReport?(input: string): boolean;
}

/**
 * One handler for every key: the approval prompt first, else the effort picker, else the
 * composer. Esc and Ctrl+C act on the turn, the input and the app (Ctrl+T: the transcript pager).
 */
export function useKeyRouting({
  agent,
  cwd,
  onSubmit,
  print,
  quit,
  showOutput,
  modal,
  takeReport,
}: KeyRoutingOptions) {
  const picker = useRefState<{ spec: PickerSpec; index: number } | undefined>(undefined);
  const openPicker = (spec: PickerSpec) =>
    picker.set({ spec, index: Math.max(0, spec.options.indexOf(spec.current ?? "")) });
  const approvals = useApprovalKeys(agent);
  const [hint, setHint] = useState("");
  const quitArmed = useRef(false);
  const clearComposer = useRef(() => {});

  const submit = (text: string, mode: SubmitMode, images: ChipImage[]) => {
    quitArmed.current = false;
    setHint("");
    onSubmit(text, mode, images);
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
    if (signal === "transcript") return; // the transcript pager takes Ctrl+T before the composer
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

  const composer = useComposer({
    onSubmit: submit,
    onSignal,
    cwd,
    onNotice: (text) => print({ kind: "notice", level: "warning", text }),
  });
  clearComposer.current = composer.clear;
  const completion = useCompletion({
    cwd,
    commands: commandsOf(agent.session),
    skills: agent.session?.knowledge?.skills ?? [],
    current: composer.current,
    replace: composer.replace,
    submit: composer.submit,
  });

  const notice = (text: string) => print({ kind: "notice", level: "info", text });

  const effortPicker = (): PickerSpec => ({
    title: "Reasoning effort for the next request",
    options: EFFORTS,
    current: agent.session?.status().effort ?? "medium",
    onPick: (effort) => {
      const level = reasoningEffortSchema().parse(effort);
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
            const level = reasoningEffortSchema().parse(effort);
            agent.session?.update({ model, effort: level });
            notice(`Model: ${model}, effort ${level} (applies to the next request).`);
          },
        });
      },
    };
  };

  const route = useRef<(input: string, key: Key) => void>(() => {});
  route.current = (input, key) => {
    if (takeReport?.(input)) return;
    if (modal?.(input, key)) return;
    const pendingApproval = agent.currentApproval();
    if (pendingApproval && approvalKeyGoesToComposer(input, key, composer.isEmpty())) {
      composer.handle(input, key);
      return;
    }
    if (pendingApproval) return approvals.handle(pendingApproval, input, key);
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
    if (completion.handle(input, key)) return;
    composer.handle(input, key);
  };
  const onInput = useCallback((input: string, key: Key) => route.current(input, key), []);
  useInput(onInput);

  return {
    composer,
    completion,
    hint,
    /** The open picker and its highlighted option. */
    picker: picker.value,
    /** The approval prompt's highlighted choice, diff offset and feedback text. */
    approval: {
      choice: approvals.choice,
      diffOffset: approvals.diffOffset,
      feedback: approvals.feedback,
    },
    openEffortPicker: () => openPicker(effortPicker()),
    openModelPicker: () => openPicker(modelPicker()),
  };
}
