import type { ResponseItem } from "../../protocol/index.js";
import type { DemoToolOffer } from "../request/index.js";
import { agentStep } from "./agent-steps.js";
import { expandCompaction } from "./compaction.js";
import { ECHO_CREDENTIAL, echoCredentialStep } from "./echo-credential.js";
import { goalStep } from "./goal-steps.js";
import {
  addFileCall,
  type DemoOutput,
  followUp,
  imageNotes,
  offered,
  offersWebSearch,
  patchCall,
  shellCall,
} from "./model-tools.js";
import {
  IMPLEMENT_PROMPT,
  implementPlan,
  inPlanMode,
  planAfterAnswer,
  planQuestion,
} from "./plan-steps.js";
import { reviewAnswer } from "./review-rule.js";
import { answerForSchema } from "./schema-answer.js";
import { skillReadFollowUp, skillStep } from "./skill-use.js";
import { isCompactionRequest, summarizeConversation, userText } from "./summary.js";
import { terminalStep } from "./terminal-steps.js";

export interface DemoModelInput {
  /** The whole context: a chained request's previous context plus its new input. */
  context: ResponseItem[];
  tools: DemoToolOffer[];
  reasoning: boolean;
  /** A `text.format` JSON schema the answer must satisfy. */
  jsonSchema?: Record<string, unknown>;
  /** The bearer token the request carried: only `demo:echo-credential` reads it. */
  bearer?: string;
}

export type DemoDecision =
  | { kind: "respond"; reasoningSummary?: string; outputs: DemoOutput[] }
  | { kind: "fail"; code: string; message: string };

export const GREETING = "Hello from the mini-codex demo model.";

/**
 * The demo model: fixed rules, pure, from the context to the output. The last user message
 * picks the answer (`run:`, `patch:`, `call`, `view:`, `search:`, `demo:…` and the rest of
 * the commands listed in README.md, else "You said: …"); a tool output last in the context
 * gets a follow-up answer about it.
 */
export function decideDemoResponse(input: DemoModelInput): DemoDecision {
  const { outputs, summary } = decideOutputs(input);
  if ("fail" in outputs) return { kind: "fail", ...outputs.fail };
  const { jsonSchema } = input;
  // Structured output: the final answer is JSON satisfying the schema (tool calls stay calls).
  const list = jsonSchema
    ? outputs.list.map((output) =>
        output.type === "message"
          ? text(JSON.stringify(answerForSchema(jsonSchema, output.deltas.join(""))))
          : output,
      )
    : outputs.list;
  return input.reasoning
    ? { kind: "respond", reasoningSummary: summary, outputs: list }
    : { kind: "respond", outputs: list };
}

type Decided = { list: DemoOutput[] } | { fail: { code: string; message: string } };

function decideOutputs(input: DemoModelInput): { outputs: Decided; summary: string } {
  const step = terminalStep(input.context, input.tools);
  if (step) return { outputs: { list: [step] }, summary: "Working with a background terminal." };
  const agents = agentStep(input.context, input.tools);
  if (agents) return { outputs: { list: agents }, summary: "Working with subagents." };
  const goal = goalStep(input.context, input.tools);
  if (goal) return { outputs: { list: goal }, summary: "Working toward the goal." };
  const last = input.context.at(-1);
  if (last && (last.type === "function_call_output" || last.type === "custom_tool_call_output")) {
    const again = repeatedCommand(input.context, true);
    if (again) {
      const call = shellCall(input.tools, again) ?? NO_SHELL;
      return { outputs: { list: [call] }, summary: "Running the command again." };
    }
    const skill = skillReadFollowUp(input.context, last);
    if (skill) return { outputs: { list: [skill] }, summary: "Using a skill." };
    const planned = inPlanMode(input.context) ? planAfterAnswer(input.context, last) : undefined;
    if (planned) return { outputs: { list: [planned] }, summary: "Writing the plan." };
    const steered = steeringBefore(input.context, last);
    const said = steered === undefined ? "" : `\nYou said: ${steered}`;
    return {
      outputs: { list: [text(followUp(input.context, last) + said)] },
      summary: "Reading the tool output.",
    };
  }
  // a turn compacted midway goes on from the compaction item: the demo says what it stands for
  const compacted = expandCompaction(last);
  if (compacted !== undefined) {
    return {
      outputs: { list: [text(`Continuing from the compacted context.\n${compacted}`)] },
      summary: "Reading the compacted context.",
    };
  }
  const images = imageNotes(lastUserMessage(input.context)?.content);
  const prompt = lastUserText(input.context);
  if (images.length > 0) {
    const said = prompt ? [`You said: ${prompt}`] : [];
    return {
      outputs: { list: [text([...images, ...said].join("\n"))] },
      summary: "Looking at the image.",
    };
  }
  if (prompt === undefined || prompt === "") {
    return { outputs: { list: [text(GREETING)] }, summary: "Greeting the user." };
  }
  if (isCompactionRequest(prompt)) {
    const summary = summarizeConversation(input.context);
    return { outputs: { list: [text(summary)] }, summary: "Summarizing the conversation." };
  }
  const review = reviewAnswer(prompt, input.context);
  if (review) return { outputs: { list: [review] }, summary: "Reviewing the change." };
  const first = repeatedCommand(input.context, false);
  if (first) {
    const call = shellCall(input.tools, first) ?? NO_SHELL;
    return { outputs: { list: [call] }, summary: "Running a shell command." };
  }
  // `parallel N: plan: …` / `parallel N: run: …`: N calls in one response (parallel tool calls)
  const parallel = /^parallel\s+(\d+):\s*(plan|run):\s*([\s\S]*)$/.exec(prompt);
  if (parallel?.[1] && parallel[2]) {
    const rest = (parallel[3] ?? "").trim();
    const call = parallel[2] === "plan" ? planCall(input, rest) : shellCall(input.tools, rest);
    const n = Math.min(64, Math.max(1, Number(parallel[1])));
    const list = call ? Array.from({ length: n }, () => call) : [NO_SHELL];
    return { outputs: { list }, summary: "Calling tools in parallel." };
  }
  const run = /^run:\s*([\s\S]+)$/.exec(prompt);
  if (run?.[1]) {
    const call = shellCall(input.tools, run[1].trim()) ?? NO_SHELL;
    return { outputs: { list: [call] }, summary: "Running a shell command." };
  }
  const search = /^search:\s*([\s\S]+)$/.exec(prompt);
  if (search?.[1]) {
    const query = search[1].trim();
    if (!offersWebSearch(input.tools)) {
      return { outputs: { list: [unavailable("web_search")] }, summary: "Cannot search." };
    }
    const call: DemoOutput = { type: "web_search_call", query };
    return { outputs: { list: [call, text(searchAnswer(query))] }, summary: "Searching the web." };
  }
  const write = /^write\s+([^:\s][^:\n]*?):[ \t]?(.*)$/.exec(prompt);
  if (write?.[1] !== undefined) {
    const call = addFileCall(input.tools, write[1], write[2] ?? "") ?? NO_PATCH;
    return { outputs: { list: [call] }, summary: "Writing a file." };
  }
  const patch = /^patch:[ \t]*\r?\n([\s\S]+)$/.exec(prompt);
  if (patch?.[1]) {
    return { outputs: { list: [patchOrSay(input, patch[1])] }, summary: "Applying a patch." };
  }
  const view = /^view:\s*(\S[\s\S]*)$/.exec(prompt);
  if (view?.[1]) {
    const call = functionCall(input, "view_image", { path: view[1].trim() });
    return { outputs: { list: [call] }, summary: "Looking at an image." };
  }
  // `call <tool> <json>`: any function tool the request offers (MCP tools, for instance)
  const named = /^call\s+([a-zA-Z0-9_-]+)\s*([\s\S]*)$/.exec(prompt);
  if (named?.[1]) {
    const args = named[2]?.trim() || "{}";
    const tool = offered(input.tools, named[1]);
    const call: DemoOutput =
      tool?.type === "function"
        ? { type: "function_call", name: named[1], arguments: args }
        : unavailable(named[1]);
    return { outputs: { list: [call] }, summary: `Calling ${named[1]}.` };
  }
  const plan = /^plan:\s*([\s\S]*)$/.exec(prompt);
  if (plan)
    return { outputs: { list: [planCall(input, plan[1] ?? "")] }, summary: "Making a plan." };
  if (prompt === ECHO_CREDENTIAL) {
    const { list, summary } = echoCredentialStep(input.tools, input.bearer);
    return { outputs: { list }, summary };
  }
  if (prompt === "demo:fail") {
    return {
      outputs: { fail: { code: "invalid_prompt", message: "demo failure requested" } },
      summary: "Failing on purpose.",
    };
  }
  // `demo:slow N run: <command>`: the slow answer, then the command (a tool call to steer);
  // `demo:slow N after run: <command>`: the command's call first, then the slow answer
  const slow = /^demo:slow\s+(\d+)(?:\s+(after\s+)?run:\s*([\s\S]+))?$/.exec(prompt);
  if (slow) {
    const n = Math.max(1, Number(slow[1]));
    const deltas = Array.from({ length: n }, (_, i) => `Slow part ${i + 1}. `);
    const call = slow[3] ? [shellCall(input.tools, slow[3].trim()) ?? NO_SHELL] : [];
    const message: DemoOutput = { type: "message", deltas, delayMs: 200 };
    return {
      outputs: { list: slow[2] ? [...call, message] : [message, ...call] },
      summary: "Taking my time.",
    };
  }
  const long = /^demo:long\s+(\d+)$/.exec(prompt);
  if (long) {
    return { outputs: { list: [longMessage(Number(long[1]))] }, summary: "Writing at length." };
  }
  const skill = skillStep(prompt, input.context, input.tools);
  if (skill) return { outputs: { list: [skill] }, summary: "Using a skill." };
  // Plan mode: a task gets a question, then a plan; Default: "Implement the plan." carries it out
  if (inPlanMode(input.context)) {
    return { outputs: { list: [planQuestion(prompt, input.tools)] }, summary: "Asking first." };
  }
  if (IMPLEMENT_PROMPT.test(prompt)) {
    return {
      outputs: { list: [implementPlan(input.context, input.tools)] },
      summary: "Implementing the plan.",
    };
  }
  return { outputs: { list: [text(`You said: ${prompt}`)] }, summary: "Echoing the user." };
}

/**
 * `repeat N: run: <command>` runs the command N times in one turn, one call per response (a
 * long tool turn for benchmarks): the command while fewer than N outputs followed the prompt.
 */
function repeatedCommand(context: ResponseItem[], afterOutput: boolean): string | undefined {
  const match = /^repeat\s+(\d+):\s*run:\s*([\s\S]+)$/.exec(lastUserText(context) ?? "");
  if (!match?.[2]) return undefined;
  if (!afterOutput) return match[2].trim();
  let outputs = 0;
  for (let i = context.length - 1; i >= 0 && userText(context[i]) === undefined; i--) {
    const type = context[i]?.type;
    if (type === "function_call_output" || type === "custom_tool_call_output") outputs += 1;
  }
  return outputs < Number(match[1]) ? match[2].trim() : undefined;
}

/** Steering input the server placed between a tool call and its output (a pending steer). */
function steeringBefore(context: ResponseItem[], output: ResponseItem): string | undefined {
  const at = context.findLastIndex((item) => item.call_id === output.call_id && item !== output);
  const said = context
    .slice(at + 1, -1)
    .map(userText)
    .filter((t) => t !== undefined);
  return at >= 0 && said.length > 0 ? said.join("\n") : undefined;
}

function lastUserText(context: ResponseItem[]): string | undefined {
  for (let i = context.length - 1; i >= 0; i--) {
    const text = userText(context[i]);
    // a skill's body given after the message that named it is context, not the prompt
    if (text !== undefined && !text.startsWith("<skill>")) return text;
  }
  return undefined;
}

function lastUserMessage(context: ResponseItem[]): ResponseItem | undefined {
  for (let i = context.length - 1; i >= 0; i--) {
    const item = context[i];
    if (item?.type === "message" && item.role === "user") return item;
  }
  return undefined;
}

const NO_SHELL = text(
  "No shell tool is available in this request (shell_command, exec_command or shell).",
);

function unavailable(name: string): DemoOutput {
  return text(`The ${name} tool is not available in this request.`);
}

function functionCall(input: DemoModelInput, name: string, args: unknown): DemoOutput {
  if (offered(input.tools, name)?.type !== "function") return unavailable(name);
  return { type: "function_call", name, arguments: JSON.stringify(args) };
}

/** update_plan with the `;`-separated steps, the first one in progress. */
function planCall(input: DemoModelInput, steps: string): DemoOutput {
  const plan = steps
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((step, i) => ({ step, status: i === 0 ? "in_progress" : "pending" }));
  return functionCall(input, "update_plan", { plan });
}

const NO_PATCH = text("No apply_patch or shell tool is available in this request.");

function patchOrSay(input: DemoModelInput, patch: string): DemoOutput {
  return patchCall(input.tools, patch) ?? NO_PATCH;
}

/** The canned answer after a web search (offline: nothing was fetched). */
function searchAnswer(query: string): string {
  const url = `https://example.com/search?q=${encodeURIComponent(query)}`;
  return `Search results for "${query}" (demo, offline): 1. Example result about ${query} — ${url}`;
}

/** A message split into word-sized deltas. */
function text(body: string): DemoOutput {
  return { type: "message", deltas: body.match(/\S+\s*|\s+/g) ?? [body] };
}

function longMessage(bytes: number): DemoOutput {
  const filler = "The quick brown fox jumps over the lazy dog. ";
  let body = "";
  while (body.length < bytes) body += filler;
  body = body.slice(0, bytes);
  const deltas: string[] = [];
  for (let i = 0; i < body.length; i += 20) deltas.push(body.slice(i, i + 20));
  return { type: "message", deltas };
}
