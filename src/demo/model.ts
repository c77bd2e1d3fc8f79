import type { ResponseItem } from "../protocol/items.js";
import { isCompactionRequest, summarizeConversation, userText } from "./summary.js";

/** A tool the request offers, as the model sees it. */
export interface DemoToolOffer {
  name: string;
  type: string;
}

export interface DemoModelInput {
  /** The whole context: a chained request's previous context plus its new input. */
  context: ResponseItem[];
  tools: DemoToolOffer[];
  reasoning: boolean;
}

export type DemoOutput =
  /** An assistant message streamed as these deltas, optionally spaced `delayMs` apart. */
  | { type: "message"; deltas: string[]; delayMs?: number }
  | { type: "function_call"; name: string; arguments: string }
  | { type: "custom_tool_call"; name: string; input: string };

export type DemoDecision =
  | { kind: "respond"; reasoningSummary?: string; outputs: DemoOutput[] }
  | { kind: "fail"; code: string; message: string };

export const GREETING = "Hello from the mini-codex demo model.";

/** The rule-based model of /work/notes/demo-model.md: pure, from the context to the output. */
export function decideDemoResponse(input: DemoModelInput): DemoDecision {
  const { outputs, summary } = decideOutputs(input);
  if ("fail" in outputs) return { kind: "fail", ...outputs.fail };
  return input.reasoning
    ? { kind: "respond", reasoningSummary: summary, outputs: outputs.list }
    : { kind: "respond", outputs: outputs.list };
}

type Decided = { list: DemoOutput[] } | { fail: { code: string; message: string } };

function decideOutputs(input: DemoModelInput): { outputs: Decided; summary: string } {
  const last = input.context.at(-1);
  if (last && (last.type === "function_call_output" || last.type === "custom_tool_call_output")) {
    return {
      outputs: { list: [text(followUp(input.context, last))] },
      summary: "Reading the tool output.",
    };
  }
  const prompt = lastUserText(input.context);
  if (prompt === undefined || prompt === "") {
    return { outputs: { list: [text(GREETING)] }, summary: "Greeting the user." };
  }
  if (isCompactionRequest(prompt)) {
    const summary = summarizeConversation(input.context);
    return { outputs: { list: [text(summary)] }, summary: "Summarizing the conversation." };
  }
  const run = /^run:\s*([\s\S]+)$/.exec(prompt);
  if (run?.[1]) {
    const call = functionCall(input, "shell_command", { command: run[1].trim() });
    return { outputs: { list: [call] }, summary: "Running a shell command." };
  }
  const write = /^write\s+([^:\s][^:\n]*?):[ \t]?(.*)$/.exec(prompt);
  if (write?.[1] !== undefined) {
    const patch = `*** Begin Patch\n*** Add File: ${write[1]}\n+${write[2] ?? ""}\n*** End Patch`;
    return { outputs: { list: [patchCall(input, patch)] }, summary: "Writing a file." };
  }
  const patch = /^patch:[ \t]*\r?\n([\s\S]+)$/.exec(prompt);
  if (patch?.[1]) {
    return { outputs: { list: [patchCall(input, patch[1])] }, summary: "Applying a patch." };
  }
  // `call <tool> <json>`: any function tool the request offers (MCP tools, for instance)
  const named = /^call\s+([a-zA-Z0-9_-]+)\s*([\s\S]*)$/.exec(prompt);
  if (named?.[1]) {
    const args = named[2]?.trim() || "{}";
    const tool = offered(input, named[1]);
    const call: DemoOutput =
      tool?.type === "function"
        ? { type: "function_call", name: named[1], arguments: args }
        : unavailable(named[1]);
    return { outputs: { list: [call] }, summary: `Calling ${named[1]}.` };
  }
  const plan = /^plan:\s*([\s\S]*)$/.exec(prompt);
  if (plan) {
    const steps = (plan[1] ?? "")
      .split(";")
      .map((s) => s.trim())
      .filter((s) => s.length > 0)
      .map((step, i) => ({ step, status: i === 0 ? "in_progress" : "pending" }));
    const call = functionCall(input, "update_plan", { plan: steps });
    return { outputs: { list: [call] }, summary: "Making a plan." };
  }
  if (prompt === "demo:fail") {
    return {
      outputs: { fail: { code: "invalid_prompt", message: "demo failure requested" } },
      summary: "Failing on purpose.",
    };
  }
  const slow = /^demo:slow\s+(\d+)$/.exec(prompt);
  if (slow) {
    const n = Math.max(1, Number(slow[1]));
    const deltas = Array.from({ length: n }, (_, i) => `Slow part ${i + 1}. `);
    return {
      outputs: { list: [{ type: "message", deltas, delayMs: 200 }] },
      summary: "Taking my time.",
    };
  }
  const long = /^demo:long\s+(\d+)$/.exec(prompt);
  if (long) {
    return { outputs: { list: [longMessage(Number(long[1]))] }, summary: "Writing at length." };
  }
  return { outputs: { list: [text(`You said: ${prompt}`)] }, summary: "Echoing the user." };
}

function followUp(context: ResponseItem[], output: ResponseItem): string {
  const callId = output.call_id;
  const call = context.find(
    (item) =>
      (item.type === "function_call" || item.type === "custom_tool_call") &&
      item.call_id === callId,
  );
  const name = typeof call?.name === "string" ? call.name : undefined;
  const body = typeof output.output === "string" ? output.output : "";
  switch (name) {
    case "shell_command": {
      const exit = /^Exit code: (-?\d+)/m.exec(body);
      if (exit) return `Ran the command. Exit code ${exit[1]}.`;
      return `The command did not run: ${body.split("\n")[0] ?? ""}`;
    }
    case "apply_patch":
      return body.startsWith("Success.")
        ? "Applied the patch."
        : `The patch failed: ${body.split("\n")[0] ?? ""}`;
    case "update_plan":
      return "Plan noted.";
    default:
      return `Received the tool output: ${body.split("\n")[0] ?? ""}`;
  }
}

function lastUserText(context: ResponseItem[]): string | undefined {
  for (let i = context.length - 1; i >= 0; i--) {
    const text = userText(context[i]);
    if (text !== undefined) return text;
  }
  return undefined;
}

function offered(input: DemoModelInput, name: string): DemoToolOffer | undefined {
  return input.tools.find((tool) => tool.name === name);
}

function unavailable(name: string): DemoOutput {
  return text(`The ${name} tool is not available in this request.`);
}

function functionCall(input: DemoModelInput, name: string, args: unknown): DemoOutput {
  if (offered(input, name)?.type !== "function") return unavailable(name);
  return { type: "function_call", name, arguments: JSON.stringify(args) };
}

function patchCall(input: DemoModelInput, patch: string): DemoOutput {
  const tool = offered(input, "apply_patch");
  if (tool?.type === "custom")
    return { type: "custom_tool_call", name: "apply_patch", input: patch };
  if (tool?.type === "function") {
    return {
      type: "function_call",
      name: "apply_patch",
      arguments: JSON.stringify({ input: patch }),
    };
  }
  return unavailable("apply_patch");
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
