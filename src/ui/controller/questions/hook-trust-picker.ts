import type { HookTrustQuestion } from "../../../tools/index.js";
import type { PickerSpec } from "./picker-spec.js";

const RUN = "Trust it as it is now and run it";
const SKIP = "Don't run it";

/**
 * The question a hook whose files changed during the session asks right before it runs: what
 * changed, and "trust and run" or "don't run" ("don't run" highlighted first: an Enter typed
 * for something else never runs a changed hook unconfined). Esc is "don't run".
 */
export function hookTrustPicker(
  question: HookTrustQuestion,
  answer: (run: boolean) => void,
): PickerSpec {
  const lines = [
    `The ${question.event} hook \`${question.command}\` (${question.source}) no longer matches your trust:`,
    ...question.reasons.map((reason) => `  ${reason}`),
    "It runs as you, unconfined. Run it?",
  ];
  return {
    title: lines.join("\n"),
    options: [RUN, SKIP],
    initial: SKIP,
    numbered: true,
    onPick: (picked) => answer(picked === RUN),
    onCancel: () => answer(false),
  };
}
