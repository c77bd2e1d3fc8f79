// What /init asks the model (the TUI's and the ACP agent's), as the Codex CLI's /init does.

export const INIT_PROMPT = `Write a starter AGENTS.md at the root of this repository for coding agents that will work here.
Look at the repository first (its layout, build and test commands, conventions), then create AGENTS.md with apply_patch, with short sections:
- Project structure (where things live)
- Build, test and lint commands (exact commands)
- Code style and naming conventions
- How to make and check a change (tests to run, what to avoid)
Keep it concise and specific to this repository; do not invent commands you did not find.`;
