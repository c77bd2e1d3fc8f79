import { readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Skill } from "../../session/index.js";
import { parseFrontMatter } from "../../text/index.js";
import { foldersDownTo } from "./project-docs.js";

// Skills as the Codex CLI lays them out (docs/config.md, "Skills"): a folder holding a SKILL.md
// whose front matter gives `name` and `description`. Project skills are in `.agents/skills` of
// each folder from cwd up to the repository root (nearest first); the person's in
// `~/.agents/skills` and the `skills` folder of `codex_home`. The first skill of a name wins.

const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;

interface SkillSearch {
  cwd: string;
  /** `codex_home`, when configured. */
  codexHome?: string;
  /** The user's home (for `~/.agents/skills`); default os.homedir(). */
  userHome?: string;
}

function skillFolders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith("."))
      .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
      .map((entry) => join(root, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/** One SKILL.md, or why it is not a skill. */
function readSkill(folder: string, scope: Skill["scope"]): Skill | string | undefined {
  const path = join(folder, "SKILL.md");
  let text: string;
  try {
    if (!statSync(path).isFile()) return undefined;
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const { fields } = parseFrontMatter(text);
  const name = fields.name?.trim();
  const description = (fields["metadata.short-description"] ?? fields.description)?.trim();
  if (!name || !description) return `${path}: no name or description in its front matter`;
  if (name.length > MAX_NAME || /\s/.test(name))
    return `${path}: the name "${name}" is not a skill name`;
  return { name, description: description.slice(0, MAX_DESCRIPTION), path, scope };
}

/** The skills found, each name once, and notes on SKILL.md files that were left out. */
export function discoverSkills(search: SkillSearch): { skills: Skill[]; notes: string[] } {
  const roots: Array<[string, Skill["scope"]]> = [
    ...foldersDownTo(search.cwd)
      .reverse()
      .map((dir): [string, Skill["scope"]] => [join(dir, ".agents", "skills"), "project"]),
    [join(search.userHome ?? homedir(), ".agents", "skills"), "user"],
    ...(search.codexHome ? [[join(search.codexHome, "skills"), "user"] as [string, "user"]] : []),
  ];
  const skills: Skill[] = [];
  const notes: string[] = [];
  for (const [root, scope] of roots) {
    for (const folder of skillFolders(root)) {
      const skill = readSkill(folder, scope);
      if (typeof skill === "string") notes.push(skill);
      else if (skill && !skills.some((known) => known.name === skill.name)) skills.push(skill);
    }
  }
  return { skills, notes };
}
