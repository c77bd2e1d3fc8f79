import { existsSync } from "node:fs";
import { join } from "node:path";
import { INIT_PROMPT } from "../../../launch/index.js";
import { info, problem, type SlashCommand } from "../types.js";

export const initCommand: SlashCommand = {
  name: "init",
  description: "ask the model to write a starter AGENTS.md (never overwrites one)",
  allowedWhileBusy: false,
  async run(ctx) {
    const path = join(ctx.controller.launch.cwd, "AGENTS.md");
    if (existsSync(path)) {
      ctx.print(problem(`${path} already exists: /init does not overwrite it.`));
      return;
    }
    ctx.print(info("Asking the model to write AGENTS.md…"));
    await ctx.controller.runOperation((s) => s.send(INIT_PROMPT));
  },
};
