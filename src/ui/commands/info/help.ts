import { HELP_TOPICS, settingsTopic } from "../../help-topics.js";
import { KEY_BINDINGS } from "../../model/index.js";
import type { SlashCommand } from "../types.js";

/** /help over the list of commands it is part of (given late: the list holds /help too). */
export function helpCommand(list: () => readonly SlashCommand[]): SlashCommand {
  return {
    name: "help",
    description: "list commands and key bindings",
    allowedWhileBusy: true,
    run(ctx) {
      const all = list();
      const width = Math.max(...all.map((c) => `/${c.name} ${c.args ?? ""}`.length));
      const commands = all.map(
        (c) => `${`/${c.name} ${c.args ?? ""}`.padEnd(width)}  ${c.description}`,
      );
      const bindings = KEY_BINDINGS.filter((b) => b.keys);
      const keyWidth = Math.max(...bindings.map((b) => b.keys.length));
      const keys = bindings.map((b) => `${b.keys.padEnd(keyWidth)}  ${b.description}`);
      ctx.print(
        { kind: "info", title: "Commands", lines: commands },
        { kind: "info", title: "Keys", lines: keys },
        ...[...HELP_TOPICS, settingsTopic(ctx.controller.config)].map((topic) => ({
          kind: "info" as const,
          ...topic,
        })),
      );
    },
  };
}
