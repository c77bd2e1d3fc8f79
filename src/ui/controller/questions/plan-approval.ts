import type { PickerSpec } from "./picker-spec.js";

/**
 * After a Plan-mode answer that proposes a plan: the person approves it (Default mode, and a
 * message to implement it), edits it (its text in the composer, to change and send back in Plan
 * mode) or keeps planning (Esc too).
 */
export const IMPLEMENT_MESSAGE = "Implement the plan.";

const APPROVE = "Yes, implement this plan";
const EDIT = "Edit the plan";
const KEEP_PLANNING = "No, keep planning";

interface PlanChoices {
  approve(): void;
  edit(plan: string): void;
  keepPlanning(): void;
}

/** The picker that asks what to do with `plan`. */
export function planApprovalPicker(plan: string, choices: PlanChoices): PickerSpec {
  return {
    title: "Implement this plan?",
    options: [APPROVE, EDIT, KEEP_PLANNING],
    details: {
      [APPROVE]: "switch to Default mode and start",
      [EDIT]: "the plan goes to the input: change it and send it back",
      [KEEP_PLANNING]: "stay in Plan mode",
    },
    numbered: true,
    onPick: (picked) => {
      if (picked === APPROVE) choices.approve();
      else if (picked === EDIT) choices.edit(plan);
      else choices.keepPlanning();
    },
    onCancel: () => choices.keepPlanning(),
  };
}
