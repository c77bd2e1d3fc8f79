/** A styled run of text for one rendered line of an agent message. */
export interface TextRun {
  text: string;
  bold?: boolean;
  code?: boolean;
  dim?: boolean;
  heading?: boolean;
}

/**
 * Markdown-ish rendering of one line: headings, bullets, numbered items, `inline code`,
 * **bold**, and fenced code blocks (`inFence` says whether the line is inside one).
 */
export function formatMarkdownLine(line: string, inFence: boolean): TextRun[] {
  if (line.trimStart().startsWith("```")) {
    return [{ text: line.trim().slice(3) ? `── ${line.trim().slice(3)}` : "──", dim: true }];
  }
  if (inFence) return [{ text: line, code: true }];
  // a Plan-mode answer's plan block: its tags drawn as the rules around it
  const tag = /^\s*<(\/?)proposed_plan>\s*$/.exec(line);
  if (tag)
    return [{ text: tag[1] ? "── end of plan" : "── Proposed plan", bold: !tag[1], dim: !!tag[1] }];
  const heading = /^(#{1,6})\s+(.*)$/.exec(line);
  if (heading) return [{ text: heading[2] ?? "", bold: true, heading: true }];
  const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
  if (bullet) return [{ text: `${bullet[1] ?? ""}• ` }, ...inlineRuns(bullet[2] ?? "")];
  return inlineRuns(line);
}

/** `code` and **bold** spans within a line. */
function inlineRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    if (match[1] !== undefined) runs.push({ text: match[1], code: true });
    else runs.push({ text: match[2] ?? "", bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || runs.length === 0) runs.push({ text: text.slice(last) });
  return runs;
}

/** Each line with the fence state it is rendered in, starting from `fenceOpen`. */
export function fencedLines(
  lines: readonly string[],
  fenceOpen: boolean,
): Array<{ line: string; inFence: boolean }> {
  let open = fenceOpen;
  return lines.map((line) => {
    const isFence = line.trimStart().startsWith("```");
    const entry = { line, inFence: open && !isFence };
    if (isFence) open = !open;
    return entry;
  });
}
