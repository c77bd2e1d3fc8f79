import { displayDiff } from "../approval-diff.js";
import { exitLabel, STEERED_LABEL, type TranscriptEntry } from "../model/index.js";

/** Collapsed output lines, with the hidden middle back in (the pager shows output whole). */
function wholeOutput(entry: {
  head: string[];
  hidden: number;
  tail: string[];
  middle?: string[];
}): string[] {
  const middle = entry.middle ?? [];
  const dropped = entry.hidden - middle.length;
  return [
    ...entry.head,
    ...middle,
    ...(dropped > 0 ? [`… ${dropped} more lines not kept …`] : []),
    ...entry.tail,
  ].map((line) => `    ${line}`);
}

/** An entry as plain lines, for the transcript pager (everything it holds, without colours). */
export function entryLines(entry: TranscriptEntry): string[] {
  switch (entry.kind) {
    case "banner":
      return entry.lines;
    case "user":
      return [
        "",
        ...entry.text.split("\n").map((line, i) => (i === 0 ? `› ${line}` : `  ${line}`)),
        ...(entry.steered ? [`  ${STEERED_LABEL}`] : []),
      ];
    case "agent":
      return [...(entry.first ? [""] : []), ...entry.lines.map((line) => `  ${line}`)];
    case "reasoning":
      return entry.text.split("\n").map((line) => `  (thinking) ${line}`);
    case "command":
      return [
        "",
        `$ ${entry.command}  (${exitLabel(entry)}, ${(entry.durationMs / 1000).toFixed(1)}s)`,
        ...wholeOutput(entry),
      ];
    case "mcp":
      return [
        "",
        `${entry.server}.${entry.tool}(${entry.arguments})  (${entry.ok ? "ok" : "failed"})`,
        ...wholeOutput(entry),
      ];
    case "patch":
      return [
        "",
        entry.ok ? "patch applied" : `patch failed: ${entry.error ?? ""}`,
        ...entry.changes.flatMap((change) => [
          `    ${change.kind} ${change.path}${change.movePath ? ` → ${change.movePath}` : ""}`,
          ...displayDiff(change).map((line) => `      ${line}`),
        ]),
      ];
    case "plan":
      return ["", "plan", ...entry.plan.map((step) => `    [${step.status}] ${step.step}`)];
    case "notice":
      return entry.text.split("\n").map((line, i) => (i === 0 ? `· ${line}` : `  ${line}`));
    case "info":
      return ["", entry.title, ...entry.lines.map((line) => `  ${line}`)];
    case "table":
      return ["", entry.title, entry.header.join("  "), ...entry.rows.map((row) => row.join("  "))];
    case "diff":
      return ["", entry.title, ...entry.text.split("\n")];
    default:
      return [];
  }
}
