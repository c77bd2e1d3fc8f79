import { HELP_TOPICS } from "../help-topics.js";
import { KEY_BINDINGS } from "../keymap.js";
import type { SlashCommand } from "./types.js";

export const helpCommand: SlashCommand = {
  name: "help",
  description: "list commands and key bindings",
  allowedWhileBusy: true,
  run(ctx) {
    const width = Math.max(...ctx.commands.map((c) => `/${c.name} ${c.args ?? ""}`.length));
    const commands = ctx.commands.map(
      (c) => `${`/${c.name} ${c.args ?? ""}`.padEnd(width)}  ${c.description}`,
    );
    const keyWidth = Math.max(...KEY_BINDINGS.map((b) => b.keys.length));
    const keys = KEY_BINDINGS.map((b) => `${b.keys.padEnd(keyWidth)}  ${b.description}`);
    ctx.print(
      { kind: "info", title: "Commands", lines: commands },
      { kind: "info", title: "Keys", lines: keys },
      ...HELP_TOPICS.map((topic) => ({ kind: "info" as const, ...topic })),
    );
  },
};
