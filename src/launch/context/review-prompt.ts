import { z } from "zod";
import type { ReviewDiff } from "./review-target.js";

// The review turn's own instructions (sent as its message, so the session's cached prefix is
// kept) and the findings read back from the model's answer.

const REVIEW_REQUEST_TAG = "<review_request>";

const CHANGE_BELOW =
  "Review the code change below as a careful colleague would. Do not change any file: read, run read-only commands if you need more context, and report.";

const RULES = [
  "This review runs in a read-only sandbox and nobody can approve anything: a write is refused.",
  "Report only problems this change introduces that its author would want to fix: bugs, security holes, data loss, broken behaviour, clear performance or maintainability faults. No style nits.",
  "For each finding give the file (absolute path) and the exact lines of the new version, a short title, a one-paragraph explanation of when it goes wrong, a priority (0 = must fix before anything else, 1 = urgent, 2 = normal, 3 = minor) and your confidence between 0 and 1.",
  'Answer with JSON only, in this shape: {"findings":[{"title":"…","body":"…","priority":1,"confidence_score":0.8,"code_location":{"absolute_file_path":"/abs/path","line_range":{"start":10,"end":12}}}],"overall_correctness":"patch is correct" or "patch is incorrect","overall_explanation":"…"}.',
];

/** The message that asks for the review of `diff`, with the person's extra instructions. */
export function reviewPrompt(diff: ReviewDiff, extra?: string): string {
  return [
    REVIEW_REQUEST_TAG,
    CHANGE_BELOW,
    ...RULES,
    ...(extra?.trim() ? [`Also: ${extra.trim()}`] : []),
    `Repository root: ${diff.root}`,
    `Under review: ${diff.description}.`,
    ...(diff.cut ? ["The diff was cut to fit: read the rest with git if you need it."] : []),
    "```diff",
    diff.diff.trimEnd(),
    "```",
    "</review_request>",
  ].join("\n");
}

/**
 * A custom review (`/review`'s last preset): the person's instructions say what to look at, and
 * no diff is attached — the reviewer reads the repository with read-only commands.
 */
export function customReviewPrompt(root: string, instructions: string): string {
  return [
    REVIEW_REQUEST_TAG,
    "Review the code as the instructions below ask, as a careful colleague would. Do not change any file: read, and run read-only commands (git diff, git log, git show …) to see what they name.",
    ...RULES,
    `Repository root: ${root}`,
    `Instructions: ${instructions.trim()}`,
    "</review_request>",
  ].join("\n");
}

interface ReviewFinding {
  title: string;
  body: string;
  priority: number;
  confidence: number;
  file: string;
  startLine: number;
  endLine: number;
}

export interface ReviewResult {
  findings: ReviewFinding[];
  /** "patch is correct" / "patch is incorrect", when given. */
  verdict?: string;
  explanation?: string;
}

const findingSchema = z.object({
  title: z.string(),
  body: z.string().default(""),
  priority: z.number().int().min(0).max(3).catch(2),
  confidence_score: z.number().min(0).max(1).catch(0.5),
  code_location: z.object({
    absolute_file_path: z.string(),
    line_range: z.object({ start: z.number().int(), end: z.number().int() }),
  }),
});

const resultSchema = z.object({
  findings: z.array(z.unknown()).default([]),
  overall_correctness: z.string().optional(),
  overall_explanation: z.string().optional(),
});

/** The findings of a review answer (JSON, possibly fenced); undefined when it holds none. */
export function parseReviewAnswer(text: string): ReviewResult | undefined {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end < start) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  const parsed = resultSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const findings = parsed.data.findings.flatMap((raw) => {
    const finding = findingSchema.safeParse(raw);
    if (!finding.success) return [];
    const { title, body, priority, confidence_score, code_location } = finding.data;
    const { start: startLine, end: endLine } = code_location.line_range;
    const file = code_location.absolute_file_path;
    return [{ title, body, priority, confidence: confidence_score, file, startLine, endLine }];
  });
  const result: ReviewResult = { findings };
  if (parsed.data.overall_correctness) result.verdict = parsed.data.overall_correctness;
  if (parsed.data.overall_explanation) result.explanation = parsed.data.overall_explanation;
  return result;
}

/** One finding as text: `[P1] title — file:10-12`, then its explanation. */
export function findingLines(finding: ReviewFinding): string[] {
  const lines =
    finding.startLine === finding.endLine
      ? `${finding.startLine}`
      : `${finding.startLine}-${finding.endLine}`;
  const title = finding.title.replace(/^\[P\d\]\s*/, "");
  return [
    `[P${finding.priority}] ${title} — ${finding.file}:${lines}`,
    ...(finding.body ? [`  ${finding.body}`] : []),
  ];
}
