import type { SlashCommand } from "../types.js";

/**
 * /plan [text]: Plan mode (the Codex CLI's collaboration mode): the model explores read-only on
 * Plan mode's effort, may ask questions and ends with a plan to approve; with text, that text
 * is sent in Plan mode at once. Shift+Tab switches back and forth.
 */
export const planCommand: SlashCommand = {
  name: "plan",
  description: "Plan mode: explore read-only, ask, propose a plan to approve (text: send it)",
  args: "[text]",
  allowedWhileBusy: false,
  run(ctx) {
    const { controller, args } = ctx;
    const already = controller.session.status().mode === "plan";
    if (already && !args) {
      controller.notice("info", "Plan mode is on (Shift+Tab: Default mode).");
      return;
    }
    controller.settings.setMode("plan", args ? () => controller.send(args) : undefined);
  },
};
