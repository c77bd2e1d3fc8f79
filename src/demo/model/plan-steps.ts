import type { ResponseItem } from "../../protocol/index.js";
import type { DemoToolOffer } from "../request/index.js";
import { type DemoOutput, offered, outputText, patchCall } from "./model-tools.js";
import { userText } from "./summary.js";

/**
 * The demo model in the Codex CLI's collaboration modes, read from its input as a model reads
 * it (the last `<collaboration_mode>` developer message). In Plan mode a task gets one question
 * (`request_user_input`: which file, three choices) and then a `<proposed_plan>` whose `write`
 * step names the file chosen; in Default mode "Implement the plan." carries out the last
 * proposed plan's `write <path>: <text>` steps through apply_patch.
 */
export const IMPLEMENT_PROMPT = /^implement the (approved )?plan\.?$/i;

const ASK = "request_user_input";
const QUESTION_ID = "file";
const CHOICES = [
  { label: "hello.txt (Recommended)", description: "A new file at the top of the workspace." },
  { label: "docs/hello.txt", description: "A new file in the docs folder." },
  { label: "notes/hello.txt", description: "A new file in the notes folder." },
];

/** Whether the last mode the input states is Plan mode. */
export function inPlanMode(context: readonly ResponseItem[]): boolean {
  for (let i = context.length - 1; i >= 0; i--) {
    const item = context[i];
    if (item?.type !== "message" || item.role !== "developer") continue;
    const text = developerText(item);
    if (text.startsWith("<collaboration_mode>")) return /^mode: Plan$/m.test(text);
  }
  return false;
}

/** In Plan mode, a task no other rule takes: ask which file (or plan at once without the tool). */
export function planQuestion(task: string, tools: DemoToolOffer[]): DemoOutput {
  const tool = offered(tools, ASK);
  if (tool?.type !== "function")
    return proposal(task, undefined, "request_user_input is not offered");
  const args = {
    questions: [
      {
        id: QUESTION_ID,
        header: "File",
        question: `Which file should "${task}" go in?`,
        options: CHOICES,
      },
    ],
  };
  return {
    type: "function_call",
    name: ASK,
    arguments: JSON.stringify(args),
    ...(tool.namespace ? { namespace: tool.namespace } : {}),
  };
}

/** The plan after the question's output: the file chosen (or the first, said as assumed). */
export function planAfterAnswer(
  context: readonly ResponseItem[],
  output: ResponseItem,
): DemoOutput | undefined {
  const call = context.findLast(
    (item) => item.type === "function_call" && item.call_id === output.call_id,
  );
  if (call?.name !== ASK) return undefined;
  const task = lastTask(context);
  const body = outputText(output.output);
  const chosen = chosenAnswer(body);
  return proposal(task, chosen, chosen === undefined ? (body.split("\n")[0] ?? "") : undefined);
}

/** "Implement the plan." in Default mode: the last proposed plan's `write` steps as one patch. */
export function implementPlan(
  context: readonly ResponseItem[],
  tools: DemoToolOffer[],
): DemoOutput {
  const plan = lastProposedPlan(context);
  if (plan === undefined) return say("There is no proposed plan to implement.");
  const writes = [...plan.matchAll(/^write\s+([^:\s][^:\n]*?):[ \t]?(.*)$/gm)];
  if (writes.length === 0) return say("The plan has no write step I can carry out.");
  const files = writes.map((w) => `*** Add File: ${(w[1] ?? "").trim()}\n+${w[2] ?? ""}`);
  const patch = `*** Begin Patch\n${files.join("\n")}\n*** End Patch`;
  return (
    patchCall(tools, patch) ?? say("No apply_patch or shell tool is available in this request.")
  );
}

/** The `<proposed_plan>` answer for `task`, writing the chosen file (`assumed`: why none was). */
function proposal(
  task: string,
  chosen: string | undefined,
  assumed: string | undefined,
): DemoOutput {
  const path = fileOf(chosen ?? (CHOICES[0]?.label as string));
  const note =
    assumed === undefined ? `You chose ${path}.` : `No answer (${assumed}): I assumed ${path}.`;
  return say(
    [
      note,
      "",
      "<proposed_plan>",
      `# Plan: ${task}`,
      "",
      `1. Write ${path} holding the task's text.`,
      `2. Check it: \`cat ${path}\`.`,
      "",
      `write ${path}: ${task}`,
      "</proposed_plan>",
    ].join("\n"),
  );
}

/** The first answer of the reply `{"answers": {"file": {"answers": [...]}}}`, if it is one. */
function chosenAnswer(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { answers?: Record<string, { answers?: unknown }> };
    const first = parsed.answers?.[QUESTION_ID]?.answers;
    return Array.isArray(first) && typeof first[0] === "string" && first[0].trim() !== ""
      ? first[0].trim()
      : undefined;
  } catch {
    return undefined;
  }
}

/** A choice's label as a path ("hello.txt (Recommended)" → hello.txt). */
function fileOf(label: string): string {
  return label.replace(/\s*\(Recommended\)\s*$/i, "").trim();
}

function lastTask(context: readonly ResponseItem[]): string {
  for (let i = context.length - 1; i >= 0; i--) {
    const text = userText(context[i]);
    if (text !== undefined && !text.startsWith("<skill>")) return text;
  }
  return "the task";
}

/** The text of the last `<proposed_plan>` block an assistant message holds. */
function lastProposedPlan(context: readonly ResponseItem[]): string | undefined {
  for (let i = context.length - 1; i >= 0; i--) {
    const item = context[i];
    if (item?.type !== "message" || item.role !== "assistant") continue;
    const text = outputText(item.content);
    const match = /<proposed_plan>\n([\s\S]*?)\n<\/proposed_plan>/.exec(text);
    if (match) return match[1];
  }
  return undefined;
}

function developerText(item: ResponseItem): string {
  return outputText(item.content);
}

function say(body: string): DemoOutput {
  return { type: "message", deltas: body.match(/\S+\s*|\s+/g) ?? [body] };
}
