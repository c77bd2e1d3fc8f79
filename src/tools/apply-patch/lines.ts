/** One line of the patch language, classified the same way by the full and the streaming parser. */
export type PatchLine =
  | { kind: "begin" }
  | { kind: "end" }
  | { kind: "add"; path: string }
  | { kind: "delete"; path: string }
  | { kind: "update"; path: string }
  | { kind: "move"; path: string }
  | { kind: "eof" }
  | { kind: "hunk"; context: string }
  | { kind: "text"; text: string };

const BEGIN_PATCH = "*** Begin Patch";
const END_PATCH = "*** End Patch";
const END_OF_FILE = "*** End of File";

const HEADERS = [
  ["*** Add File: ", "add"],
  ["*** Delete File: ", "delete"],
  ["*** Update File: ", "update"],
  ["*** Move to: ", "move"],
] as const;

/** Classify one line (without its `\n`; a trailing `\r` is ignored). */
export function classifyPatchLine(raw: string): PatchLine {
  const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (line.startsWith("*")) {
    const trimmed = line.trimEnd();
    if (trimmed === BEGIN_PATCH) return { kind: "begin" };
    if (trimmed === END_PATCH) return { kind: "end" };
    if (trimmed === END_OF_FILE) return { kind: "eof" };
    for (const [prefix, kind] of HEADERS) {
      if (line.startsWith(prefix)) return { kind, path: line.slice(prefix.length).trim() };
    }
  } else if (line.startsWith("@@")) {
    if (line.trimEnd() === "@@") return { kind: "hunk", context: "" };
    if (line.startsWith("@@ ")) return { kind: "hunk", context: line.slice(3) };
  } else if (line.trim() === BEGIN_PATCH) {
    return { kind: "begin" };
  } else if (line.trim() === END_PATCH) {
    return { kind: "end" };
  }
  return { kind: "text", text: line };
}

/** Classify a line where a file-operation header may come: indentation before it is tolerated. */
export function classifyHeaderLine(raw: string): PatchLine {
  const first = raw[0];
  if (first !== " " && first !== "\t") return classifyPatchLine(raw);
  const parsed = classifyPatchLine(raw.trimStart());
  return parsed.kind === "text"
    ? { kind: "text", text: raw.endsWith("\r") ? raw.slice(0, -1) : raw }
    : parsed;
}

const HEREDOC_OPENER = /^(?:\S+\s+)?<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1\s*$/;

/** The terminator of a heredoc wrapper line such as `<<'EOF'` or `apply_patch <<EOF`. */
export function heredocTag(line: string): string | undefined {
  const match = HEREDOC_OPENER.exec(line.trim());
  return match?.[2];
}
