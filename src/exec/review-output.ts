import { findingLines, type ReviewResult } from "../launch/index.js";
import type { ExecEvent } from "./exec-event-types.js";

/** `exec review --json`: each finding as an item.completed of type review_finding. */
export function findingEvents(result: ReviewResult, id: () => string): ExecEvent[] {
  return result.findings.map((finding) => ({
    type: "item.completed",
    item: {
      id: id(),
      type: "review_finding",
      title: finding.title,
      body: finding.body,
      priority: finding.priority,
      confidence_score: finding.confidence,
      file: finding.file,
      line_start: finding.startLine,
      line_end: finding.endLine,
    },
  }));
}

/** `exec review` without --json: the findings, then the verdict. */
export function findingsText(result: ReviewResult): string {
  const lines =
    result.findings.length === 0 ? ["No findings."] : result.findings.flatMap(findingLines);
  if (result.verdict) {
    lines.push("", `${result.verdict}${result.explanation ? `: ${result.explanation}` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}
