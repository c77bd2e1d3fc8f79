import type { SessionKnowledge } from "../../../session/index.js";

/** /status's AGENTS.md lines: each file read with its size, and when a change takes effect. */
export function agentsMdLines(knowledge: SessionKnowledge | undefined): string[] {
  if (!knowledge) return [];
  if (knowledge.savedContext) {
    return ["AGENTS.md    as in the saved session (files are read again by /new)"];
  }
  const files = knowledge.files.map((file) => {
    const size =
      file.loaded < file.bytes
        ? `${file.loaded} of ${file.bytes} bytes, cut`
        : `${file.bytes} bytes`;
    return `  ${file.scope === "global" ? "global " : "project"}  ${file.path}  (${size})`;
  });
  if (files.length === 0)
    return ["AGENTS.md    none found (read when the session started; /new reads again)"];
  return ["AGENTS.md    read when the session started; edits apply from /new", ...files];
}
