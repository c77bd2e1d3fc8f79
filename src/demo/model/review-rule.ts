import type { ResponseItem } from "../../protocol/index.js";
import type { DemoOutput } from "./model-tools.js";

// The demo model as a reviewer: a review request (`<review_request>` with a unified diff) is
// answered with findings in the review JSON. It knows only the rules it is taught: lines
// `review rule: /REGEX/ P1 title` anywhere in the context (AGENTS.md, the review's extra
// instructions); each added line matching one is a finding at that file and line.

interface Rule {
  pattern: RegExp;
  priority: number;
  title: string;
}

function contextTexts(context: readonly ResponseItem[]): string[] {
  return context.flatMap((item) => {
    if (item.type !== "message") return [];
    const parts = Array.isArray(item.content) ? item.content : [];
    return parts.map((part) =>
      part && typeof part === "object" && "text" in part ? String(part.text) : "",
    );
  });
}

/** The rules taught anywhere but in a diff under review. */
function taughtRules(texts: readonly string[]): Rule[] {
  const rules: Rule[] = [];
  for (const text of texts.map((t) => t.replace(/```diff[\s\S]*?```/g, ""))) {
    for (const match of text.matchAll(/review rule: \/(.+?)\/ P([0-3]) (.+)$/gim)) {
      try {
        rules.push({
          pattern: new RegExp(match[1] ?? ""),
          priority: Number(match[2]),
          title: (match[3] ?? "").trim(),
        });
      } catch {
        // not a regular expression: not a rule
      }
    }
  }
  return rules;
}

/** Each added line of a unified diff with its file and its line number in the new version. */
function addedLines(diff: string): Array<{ file: string; line: number; text: string }> {
  const out: Array<{ file: string; line: number; text: string }> = [];
  let file: string | undefined;
  let line = 0;
  for (const row of diff.split("\n")) {
    const target = /^\+\+\+ (?:b\/)?(.+)$/.exec(row);
    if (target) {
      file = target[1] === "/dev/null" ? undefined : target[1];
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(row);
    if (hunk) {
      line = Number(hunk[1]);
      continue;
    }
    if (!file || row.startsWith("---")) continue;
    if (row.startsWith("+")) out.push({ file, line: line++, text: row.slice(1) });
    else if (row.startsWith(" ")) line++;
  }
  return out;
}

/** The review JSON for a review request, or undefined when the prompt is not one. */
export function reviewAnswer(
  prompt: string,
  context: readonly ResponseItem[],
): DemoOutput | undefined {
  if (!prompt.startsWith("<review_request>")) return undefined;
  const root = /^Repository root: (.+)$/m.exec(prompt)?.[1] ?? "";
  const diff = /```diff\n([\s\S]*?)\n```/.exec(prompt)?.[1] ?? "";
  const rules = taughtRules(contextTexts(context));
  const findings = addedLines(diff).flatMap((added) =>
    rules
      .filter((rule) => rule.pattern.test(added.text))
      .map((rule) => ({
        title: `[P${rule.priority}] ${rule.title}`,
        body: `Line ${added.line} of ${added.file} matches the review rule /${rule.pattern.source}/.`,
        priority: rule.priority,
        confidence_score: 0.9,
        code_location: {
          absolute_file_path: `${root}/${added.file}`,
          line_range: { start: added.line, end: added.line },
        },
      })),
  );
  const answer = JSON.stringify({
    findings,
    overall_correctness: findings.length > 0 ? "patch is incorrect" : "patch is correct",
    overall_explanation:
      findings.length > 0 ? `${findings.length} finding(s).` : "No rule matched the change.",
  });
  return { type: "message", deltas: [answer] };
}
