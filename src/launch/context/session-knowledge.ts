import type { ResponseItem } from "../../protocol/index.js";
import type { SessionKnowledge } from "../../session/index.js";
import { skillsListChars, skillsMessage } from "../../session/index.js";
import type { Settings } from "../../settings/index.js";
import { knowledgeHomes } from "./knowledge-homes.js";
import { readProjectDocs } from "./project-docs.js";
import { discoverPromptFiles } from "./prompt-files.js";
import { discoverSkills } from "./skills.js";

interface KnowledgeInput {
  cwd: string;
  /** $MINI_CODEX_HOME. */
  home: string;
  /** Where config.toml was read (`Homes.config`): a Codex home's knowledge is read too. */
  configHome?: string;
  config: Pick<Settings, "knowledge">;
  contextWindow?: number | undefined;
}

interface ReadKnowledge {
  knowledge: SessionKnowledge;
  /** The AGENTS.md text for the initial context. */
  agentsMd?: string;
  /** The developer message listing the skills. */
  skillsItem?: ResponseItem;
  /** What the person should know: files cut by the budget, skills left out. */
  notes: string[];
}

/** Everything a new session reads from AGENTS.md files, skills and prompt files, once. */
export function readSessionKnowledge(input: KnowledgeInput): ReadKnowledge {
  const homes = knowledgeHomes(input.home, input.config, input.configHome);
  const docs = readProjectDocs(input.cwd, {
    homes,
    maxBytes: input.config.knowledge.projectDocMaxBytes,
    fallbackNames: input.config.knowledge.projectDocFallbackFilenames,
  });
  const codexHome = homes[1];
  const found = discoverSkills({ cwd: input.cwd, ...(codexHome ? { codexHome } : {}) });
  const list = skillsMessage(found.skills, skillsListChars(input.contextWindow));
  const notes = [...docs.notes, ...found.notes];
  if (list.omitted.length > 0) {
    notes.push(`skills left out of the model's list (too long): ${list.omitted.join(", ")}`);
  }
  const read: ReadKnowledge = {
    knowledge: {
      files: docs.files,
      skills: found.skills,
      prompts: discoverPromptFiles({ cwd: input.cwd, homes }),
    },
    notes,
  };
  if (docs.text !== undefined) read.agentsMd = docs.text;
  if (list.item) read.skillsItem = list.item;
  return read;
}
