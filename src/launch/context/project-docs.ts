import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { gitRoot } from "../../sandbox/index.js";
import type { ContextFile } from "../../session/index.js";

// AGENTS.md discovery as the Codex CLI does it (docs/config.md, "AGENTS.md"): one global file
// from the homes, then at most one file per folder from the repository root down to cwd, cut
// to a byte budget. Read once, when a session starts: its text goes into the initial context.

const OVERRIDE_NAME = "AGENTS.override.md";
const DEFAULT_NAME = "AGENTS.md";
/** Between the global text and the project files (the Codex CLI's separator). */
const PROJECT_DOC_SEPARATOR = "\n\n--- project-doc ---\n\n";

interface ProjectDocSettings {
  /** Where the global file is looked for, first non-empty wins: $MINI_CODEX_HOME, then `codex_home`. */
  homes: readonly string[];
  /** `project_doc_max_bytes`: the budget of the project files (the global file is not counted). */
  maxBytes: number;
  /** `project_doc_fallback_filenames`: tried after AGENTS.override.md and AGENTS.md in each folder. */
  fallbackNames: readonly string[];
}

interface ProjectDocs {
  /** What goes between the AGENTS.md message's INSTRUCTIONS tags; absent when nothing was read. */
  text?: string;
  files: ContextFile[];
  /** For the person: a file cut or left out by the budget. */
  notes: string[];
}

/** The folders from the repository root (or cwd outside one) down to cwd, top first. */
export function foldersDownTo(cwd: string): string[] {
  const top = gitRoot(cwd) ?? cwd;
  const folders = [cwd];
  for (let dir = cwd; dir !== top && dirname(dir) !== dir; ) {
    dir = dirname(dir);
    folders.unshift(dir);
  }
  return folders;
}

function readIfFile(path: string): Buffer | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The first non-empty AGENTS.override.md or AGENTS.md of the homes, trimmed. */
function readGlobal(homes: readonly string[], files: ContextFile[]): string | undefined {
  for (const home of homes) {
    for (const name of [OVERRIDE_NAME, DEFAULT_NAME]) {
      const path = join(home, name);
      const data = readIfFile(path);
      const text = data?.toString("utf8").trim();
      if (data && text) {
        files.push({ path, bytes: data.length, loaded: data.length, scope: "global" });
        return text;
      }
    }
  }
  return undefined;
}

/** The first candidate name that exists in a folder (an empty one still counts as found). */
function folderDoc(dir: string, names: readonly string[]) {
  for (const name of names) {
    const path = join(dir, name);
    const data = readIfFile(path);
    if (data) return { path, data };
  }
  return undefined;
}

/** Each folder's file, cut to what is left of the budget: bytes, a partial character replaced. */
function readProjectFiles(cwd: string, settings: ProjectDocSettings, out: ProjectDocs): string[] {
  if (settings.maxBytes <= 0) return [];
  const names = [...new Set([OVERRIDE_NAME, DEFAULT_NAME, ...settings.fallbackNames])];
  const texts: string[] = [];
  let left = settings.maxBytes;
  for (const dir of foldersDownTo(cwd)) {
    const doc = folderDoc(dir, names);
    if (!doc || doc.data.toString("utf8").trim() === "") continue;
    const loaded = Math.min(left, doc.data.length);
    out.files.push({ path: doc.path, bytes: doc.data.length, loaded, scope: "project" });
    if (loaded < doc.data.length)
      out.notes.push(cutNote(doc.path, loaded, doc.data.length, settings));
    if (loaded > 0) texts.push(doc.data.subarray(0, loaded).toString("utf8"));
    left -= loaded;
  }
  return texts;
}

function cutNote(
  path: string,
  loaded: number,
  bytes: number,
  settings: ProjectDocSettings,
): string {
  const what = loaded === 0 ? "left out" : `cut to ${loaded} of ${bytes} bytes`;
  return `${path} ${what}: the project instructions may use ${settings.maxBytes} bytes (project_doc_max_bytes)`;
}

/** The global file and the project files, read now, joined as the Codex CLI joins them. */
export function readProjectDocs(cwd: string, settings: ProjectDocSettings): ProjectDocs {
  const out: ProjectDocs = { files: [], notes: [] };
  const global = readGlobal(settings.homes, out.files);
  const project = readProjectFiles(cwd, settings, out).join("\n\n");
  const text = [global, project || undefined].filter((part) => part !== undefined);
  if (text.length > 0) out.text = text.join(PROJECT_DOC_SEPARATOR);
  return out;
}
