import { STEERED_LABEL, type TranscriptEntry } from "./transcript-entries.js";

/** An entry as plain lines, for the transcript pager (what was shown, without colours). */
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
        `$ ${entry.command}  (exit ${entry.exitCode ?? "-"})`,
        ...entry.head.map((line) => `    ${line}`),
        ...(entry.hidden > 0 ? [`    … ${entry.hidden} lines …`] : []),
        ...entry.tail.map((line) => `    ${line}`),
      ];
    case "patch":
      return [
        "",
        entry.ok ? "patch applied" : `patch failed: ${entry.error ?? ""}`,
        ...entry.changes.map((change) => `    ${change.kind} ${change.path}`),
      ];
    case "plan":
      return ["", "plan", ...entry.plan.map((step) => `    [${step.status}] ${step.step}`)];
    case "notice":
      return [`· ${entry.text}`];
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
