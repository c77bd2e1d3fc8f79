import type { ResponseItem, ToolCallItem } from "../../protocol/index.js";
import { isToolOutputValue, toolOutputText } from "../../protocol/index.js";
import { printable } from "../../text/index.js";
import { FORK_NOTE, SIBLING_NOTE } from "../../turn/index.js";
import type { TranscriptEntryBody } from "./transcript-entries.js";

/** What a fork's copy of its parent's calls answers: internal, never shown on resume. */
const CHILD_BRIEFS: ReadonlySet<string> = new Set([FORK_NOTE, SIBLING_NOTE]);

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The subagents' names by id, from the spawn_agent outputs of a saved history. */
export function agentNames(history: readonly ResponseItem[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of history) {
    if (item.type !== "function_call_output" || !isToolOutputValue(item.output)) continue;
    const output = parsed(toolOutputText(item.output));
    if (typeof output?.agent_id === "string" && typeof output.nickname === "string") {
      names.set(output.agent_id, output.nickname);
    }
  }
  return names;
}

/**
 * A subagent call of a saved history as the live view showed it (resume): the agent spawned
 * with its task, a refusal, and each agent a wait saw finish with what it answered.
 */
export function agentHistoryEntries(
  call: ToolCallItem,
  output: string,
  names: ReadonlyMap<string, string>,
): TranscriptEntryBody[] | undefined {
  if (call.name !== "spawn_agent" && call.name !== "wait_agent") return undefined;
  const result = parsed(output);
  const entry = (text: string, level: "info" | "warning" = "info"): TranscriptEntryBody => ({
    kind: "notice",
    level,
    text: printable(text),
  });
  if (call.name === "spawn_agent") {
    // a subagent's own thread: its brief (what it was told it is) is not for the person
    if (CHILD_BRIEFS.has(output)) return [];
    const task = call.type === "function_call" ? parsed(call.arguments)?.message : undefined;
    if (typeof result?.agent_id !== "string") return [entry(output, "warning")];
    const name = names.get(result.agent_id) ?? result.agent_id;
    return [entry(`${name} started: ${typeof task === "string" ? task : ""}`)];
  }
  const status = result?.status;
  if (!status || typeof status !== "object") return [];
  return Object.entries(status as Record<string, unknown>).map(([id, state]) => {
    const name = names.get(id) ?? id;
    if (state && typeof state === "object" && "completed" in state) {
      return entry(
        `${name} (completed): ${String((state as { completed: unknown }).completed ?? "")}`,
      );
    }
    if (state && typeof state === "object" && "errored" in state) {
      return entry(
        `${name} (errored): ${String((state as { errored: unknown }).errored)}`,
        "warning",
      );
    }
    return entry(`${name} (${String(state)})`);
  });
}
