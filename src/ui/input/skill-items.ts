import type { Skill } from "../../session/index.js";
import type { CompletionItem } from "./completion.js";

/** Skills matching what was typed after `$`: prefix matches first, then the rest containing it. */
export function skillItems(skills: readonly Skill[], query: string): CompletionItem[] {
  const q = query.toLowerCase();
  const name = (skill: Skill) => skill.name.toLowerCase();
  const byPrefix = skills.filter((s) => name(s).startsWith(q));
  const containing = skills.filter((s) => !name(s).startsWith(q) && name(s).includes(q));
  return [...byPrefix, ...containing].map((s) => ({ value: s.name, detail: s.description }));
}
