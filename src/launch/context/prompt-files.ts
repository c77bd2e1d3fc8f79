import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gitRoot } from "../../sandbox/index.js";
import type { PromptFile } from "../../session/index.js";
import { parseFrontMatter } from "../../text/index.js";

// Prompt files (docs/config.md, "Prompt files"): each `<name>.md` of a prompts folder is the
// command `/<name>`; its front matter may give `description` and `argument-hint`. The
// project's `.codex/prompts` (at the repository root) comes before the person's folders.

interface PromptSearch {
  cwd: string;
  /** $MINI_CODEX_HOME, then `codex_home` when configured: each one's `prompts` folder. */
  homes: readonly string[];
}

function readPromptFolder(dir: string): PromptFile[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith(".md"))
      .sort();
  } catch {
    return [];
  }
  const prompts: PromptFile[] = [];
  for (const file of names) {
    const path = join(dir, file);
    const name = file.slice(0, -3);
    if (!/^[A-Za-z0-9][\w-]*$/.test(name)) continue;
    try {
      if (!statSync(path).isFile()) continue;
      const { fields, body } = parseFrontMatter(readFileSync(path, "utf8"));
      const prompt: PromptFile = { name: name.toLowerCase(), body, path };
      if (fields.description) prompt.description = fields.description;
      if (fields["argument-hint"]) prompt.argumentHint = fields["argument-hint"];
      prompts.push(prompt);
    } catch {
      // unreadable: not a command
    }
  }
  return prompts;
}

/** Every prompt file, each name once (the project's first). */
export function discoverPromptFiles(search: PromptSearch): PromptFile[] {
  const folders = [
    join(gitRoot(search.cwd) ?? search.cwd, ".codex", "prompts"),
    ...search.homes.map((home) => join(home, "prompts")),
  ];
  const prompts: PromptFile[] = [];
  for (const prompt of folders.flatMap(readPromptFolder)) {
    if (!prompts.some((known) => known.name === prompt.name)) prompts.push(prompt);
  }
  return prompts;
}
