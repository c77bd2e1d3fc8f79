import type { ProjectTrust, TrustLevel } from "../../../launch/index.js";
import { folderTrustQuestion } from "../../../launch/index.js";
import type { PickerSpec } from "./picker-spec.js";

/**
 * The start-up trust question as the TUI's picker, for a folder a saved session is about to
 * open in; undefined when the folder's trust is recorded (trusted or not: nothing to ask).
 */
export function folderTrustPicker(
  trust: ProjectTrust,
  on: { answer(level: TrustLevel): void; cancel(): void },
): PickerSpec | undefined {
  if (trust.level) return undefined;
  const { lines, choices } = folderTrustQuestion(trust);
  return {
    title: lines.join("\n"),
    options: choices.map((choice) => choice.text),
    numbered: true,
    onPick: (text) => {
      const level = choices.find((choice) => choice.text === text)?.level;
      if (level) on.answer(level);
    },
    onCancel: () => on.cancel(),
  };
}
