// What a session was started with from the person's and the project's files (AGENTS.md, skills,
// prompt files): read once when the session is created, so the cached prefix stays the same
// until /new, and shown by /status, /skills and the `/` popup.

/** One AGENTS.md-like file that was read. */
export interface ContextFile {
  path: string;
  /** Its size on disk. */
  bytes: number;
  /** How many of those bytes went to the model (fewer when the budget cut it). */
  loaded: number;
  scope: "global" | "project";
}

/** A SKILL.md folder: the model sees its name and description; it reads the body when it uses it. */
export interface Skill {
  name: string;
  description: string;
  /** The SKILL.md file. */
  path: string;
  scope: "user" | "project";
}

/** A Markdown file of a prompts folder: the `/name` command. */
export interface PromptFile {
  name: string;
  description?: string;
  /** Argument hint from the front matter (`argument-hint`). */
  argumentHint?: string;
  /** The body after any front matter, with `$1`… and `$ARGUMENTS` still in it. */
  body: string;
  path: string;
}

export interface SessionKnowledge {
  files: readonly ContextFile[];
  /** Resumed or forked: the context is the saved session's, nothing was read into it now. */
  savedContext?: boolean;
  skills: readonly Skill[];
  prompts: readonly PromptFile[];
}
