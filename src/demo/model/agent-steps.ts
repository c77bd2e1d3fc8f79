import type { ResponseItem } from "../../protocol/index.js";
import type { DemoToolOffer } from "../request/index.js";
import { type DemoOutput, offered } from "./model-tools.js";
import { userText } from "./summary.js";

/**
 * `spawn [N] [isolated] [effort=E] [model=M]: <task>`: the demo model hands the task to N
 * subagents (spawn_agent: a full fork unless `isolated`), waits for them (wait_agent, again
 * until every one has finished) and answers with what each said.
 */
const SPAWN = /^spawn(?:\s+(\d+))?((?:\s+(?:isolated|effort=\S+|model=\S+))*)\s*:\s*([\s\S]+)$/;

/** The next step of a `spawn:` turn, or undefined when the last user message is not one. */
export function agentStep(
  context: readonly ResponseItem[],
  tools: DemoToolOffer[],
): DemoOutput[] | undefined {
  const at = lastUserIndex(context);
  const match = SPAWN.exec(userText(context[at]) ?? "");
  if (!match?.[3]) return undefined;
  if (offered(tools, "spawn_agent")?.type !== "function") {
    return [say("The spawn_agent tool is not available in this request.")];
  }
  const after = context.slice(at + 1);
  const spawns = callsNamed(after, "spawn_agent");
  if (spawns.length === 0) return spawnCalls(match, tools);
  const outputs = spawns.map((callId) => outputOf(after, callId));
  if (outputs.some((output) => output === undefined)) return undefined;
  const agents = outputs.map(parseSpawn);
  const ids = agents.flatMap((agent) => (agent.id ? [agent.id] : []));
  const finished = new Map<string, string>();
  for (const callId of callsNamed(after, "wait_agent")) {
    const statuses = (parseJson(outputOf(after, callId)) as { status?: unknown } | undefined)
      ?.status;
    if (!statuses || typeof statuses !== "object") continue;
    for (const [id, status] of Object.entries(statuses)) finished.set(id, statusText(status));
  }
  const pending = ids.filter((id) => !finished.has(id));
  if (pending.length > 0) {
    const wait = offered(tools, "wait_agent");
    return [
      {
        type: "function_call",
        name: "wait_agent",
        arguments: JSON.stringify({ targets: pending }),
        ...(wait?.namespace ? { namespace: wait.namespace } : {}),
      },
    ];
  }
  const lines = agents.map((agent) =>
    agent.id
      ? `- ${agent.name}: ${finished.get(agent.id) ?? ""}`
      : `- not started: ${agent.refusal}`,
  );
  return [say(`Subagents finished:\n${lines.join("\n")}`)];
}

function spawnCalls(match: RegExpExecArray, tools: DemoToolOffer[]): DemoOutput[] {
  const n = Math.min(16, Math.max(1, Number(match[1] ?? 1)));
  const words = (match[2] ?? "").trim().split(/\s+/).filter(Boolean);
  const effort = words.find((word) => word.startsWith("effort="))?.slice("effort=".length);
  const model = words.find((word) => word.startsWith("model="))?.slice("model=".length);
  const args = {
    message: (match[3] ?? "").trim(),
    fork_context: !words.includes("isolated"),
    ...(effort ? { reasoning_effort: effort } : {}),
    ...(model ? { model } : {}),
  };
  const spawn = offered(tools, "spawn_agent");
  const call: DemoOutput = {
    type: "function_call",
    name: "spawn_agent",
    arguments: JSON.stringify(args),
    ...(spawn?.namespace ? { namespace: spawn.namespace } : {}),
  };
  return Array.from({ length: n }, () => call);
}

/** The index of the last user message that is not a skill's body (-1: none). */
export function lastUserIndex(context: readonly ResponseItem[]): number {
  for (let i = context.length - 1; i >= 0; i--) {
    const text = userText(context[i]);
    if (text !== undefined && !text.startsWith("<skill>")) return i;
  }
  return -1;
}

/** The call ids of the calls to `name`, in order. */
export function callsNamed(items: readonly ResponseItem[], name: string): string[] {
  return items.flatMap((item) =>
    item.type === "function_call" && item.name === name && typeof item.call_id === "string"
      ? [item.call_id]
      : [],
  );
}

/** The text output of call `callId` among `items` (undefined: none yet). */
export function outputOf(items: readonly ResponseItem[], callId: string): string | undefined {
  const output = items.find(
    (item) => item.type === "function_call_output" && item.call_id === callId,
  )?.output;
  return typeof output === "string" ? output : undefined;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseSpawn(output: string | undefined): { id?: string; name: string; refusal?: string } {
  const parsed = parseJson(output) as { agent_id?: unknown; nickname?: unknown } | undefined;
  if (typeof parsed?.agent_id === "string") {
    const name = typeof parsed.nickname === "string" ? parsed.nickname : parsed.agent_id;
    return { id: parsed.agent_id, name };
  }
  return { name: "", refusal: output ?? "" };
}

/** A wait's status for one agent as a line: its answer, its error, or its state. */
function statusText(status: unknown): string {
  if (typeof status === "string") return status;
  const shaped = status as { completed?: unknown; errored?: unknown } | null;
  if (shaped && "completed" in shaped) return String(shaped.completed ?? "");
  if (shaped && "errored" in shaped) return `errored: ${String(shaped.errored)}`;
  return JSON.stringify(status);
}

function say(body: string): DemoOutput {
  return { type: "message", deltas: body.match(/\S+\s*|\s+/g) ?? [body] };
}
