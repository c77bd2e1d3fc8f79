/** A file's text as lines, remembering its line ending and whether it ends with one. */
interface FileText {
  lines: string[];
  eol: "\n" | "\r\n";
  finalNewline: boolean;
}

export function splitFileText(text: string): FileText {
  const firstNewline = text.indexOf("\n");
  const eol = firstNewline > 0 && text[firstNewline - 1] === "\r" ? "\r\n" : "\n";
  const finalNewline = text.endsWith("\n");
  let body = finalNewline ? text.slice(0, -1) : text;
  if (finalNewline && eol === "\r\n" && body.endsWith("\r")) body = body.slice(0, -1);
  if (body === "" && !finalNewline) return { lines: [], eol, finalNewline };
  const lines = body.split("\n");
  if (eol === "\r\n")
    for (let i = 0; i < lines.length; i += 1) lines[i] = lines[i]!.replace(/\r$/, "");
  return { lines, eol, finalNewline };
}

export function joinFileText(file: FileText): string {
  if (file.lines.length === 0) return "";
  return file.lines.join(file.eol) + (file.finalNewline ? file.eol : "");
}
