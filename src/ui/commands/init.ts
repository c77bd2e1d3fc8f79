import { existsSync } from "node:fs";
import { join } from "node:path";
import { info, problem, type SlashCommand } from "./types.js";

/** What /init asks the model (as the Codex CLI's /init does). */
export const INIT_PROMPT = `Write a starter AGENTS.md at the root of this repository for coding agents that will work here.
Look at the repository first (its layout, build and test commands, conventions), then create AGENTS.md with apply_patch, with short sections:
- Project structure (where things live)
- Build, test and lint commands (exact commands)
- Code style and naming conventions
- How to make and check a change (tests to run, what to avoid)
Keep it concise and specific to this repository; do not invent commands you did not find.`;

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
