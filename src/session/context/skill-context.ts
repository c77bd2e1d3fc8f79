import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { developerMessage, type ResponseItem, userMessage } from "../../protocol/index.js";
import type { Skill } from "./files-read-at-start.js";

// What the model is told of skills: one developer message with the list (names, descriptions
// and files, capped), written once into the initial context; a skill's body enters the
// conversation only when it is used (the model reads the file, or `$name` names it).

const SKILLS_TAG = "<skills>";
/** The list's size when the context window is unknown (the Codex CLI's figure). */
const DEFAULT_SKILLS_LIST_CHARS = 8000;

const HOW_TO_USE = [
  "Skills are folders of instructions for particular tasks, each described by a SKILL.md file.",
  "When a task matches a skill's description, or the user names one as $name, read its SKILL.md with the shell tool before starting and follow it.",
  "Paths in a SKILL.md are relative to its folder. A skill's scripts run through the shell tool like any other command.",
].join("\n");

/** The list's size for a context window: about 2% of it (4 characters a token), else 8000. */
export function skillsListChars(contextWindow: number | undefined): number {
  return contextWindow ? Math.floor(contextWindow * 0.02 * 4) : DEFAULT_SKILLS_LIST_CHARS;
}

/** The developer message listing the skills, and the names that did not fit in `maxChars`. */
export function skillsMessage(
  skills: readonly Skill[],
  maxChars: number,
): { item?: ResponseItem; omitted: string[] } {
  if (skills.length === 0) return { omitted: [] };
  const lines: string[] = [];
  const omitted: string[] = [];
  let size = 0;
  for (const skill of skills) {
    const line = `- ${skill.name}: ${skill.description} (file: ${skill.path})`;
    if (size + line.length + 1 > maxChars) omitted.push(skill.name);
    else {
      lines.push(line);
      size += line.length + 1;
    }
  }
  if (lines.length === 0) return { omitted };
  const text = [SKILLS_TAG, HOW_TO_USE, "", ...lines, "</skills>"].join("\n");
  return { item: developerMessage(text), omitted };
}

/** The skills a message names as `$name` (each once, in the order named). */
function mentionedSkills(text: string, skills: readonly Skill[]): Skill[] {
  const named = new Set([...text.matchAll(/(?:^|\s)\$([A-Za-z0-9_-]+)/g)].map((m) => m[1]));
  return skills.filter((skill) => named.has(skill.name));
}

/** A user item carrying a named skill's SKILL.md, read now (after the message that names it). */
function skillBodyItem(skill: Skill): ResponseItem | undefined {
  let body: string;
  try {
    body = readFileSync(skill.path, "utf8");
  } catch {
    return undefined;
  }
  return userMessage(
    `<skill>\n<name>${skill.name}</name>\n<path>${skill.path}</path>\n<folder>${dirname(skill.path)}</folder>\n${body.trimEnd()}\n</skill>`,
  );
}

/** The items `$name` mentions add after a user message. */
export function skillMentionItems(text: string, skills: readonly Skill[]): ResponseItem[] {
  return mentionedSkills(text, skills).flatMap((skill) => skillBodyItem(skill) ?? []);
}
