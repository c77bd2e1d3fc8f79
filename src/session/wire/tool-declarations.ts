import { createHash } from "node:crypto";
import type { ToolSpec } from "../../protocol/index.js";
import {
  canonicalJson,
  developerMessage,
  type JsonObject,
  messageText,
  REMOVED_TOOLS_HEADER,
  type ResponseItem,
  sortKeysDeep,
  TOOL_UPDATE_HINT,
} from "../../protocol/index.js";

/**
 * Tools in the Responses Lite shape (docs/protocol.md, "Responses Lite"): no top-level
 * `tools`; history carries `additional_tools` input items instead, and a change of the tool
 * set appends items — never edits an earlier one — so the next request stays incremental
 * and the cached prefix stays whole. Everything here is pure.
 */

/** The namespace every function and custom tool is declared in (as the Codex CLI does). */
const TOOL_NAMESPACE = "functions";

const MODEL_INSTRUCTIONS_TAG = "<model_instructions>";

/** A UUID (version 5 layout) from a SHA-1 of `text`: the same text always gives the same id. */
function stableUuid(text: string): string {
  const hash = createHash("sha1").update(text).digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The base instructions as the first developer message; its id depends on the text only. */
export function baseInstructionsMessage(instructions: string): ResponseItem {
  return { ...developerMessage(instructions), id: `msg_${stableUuid(`base:${instructions}`)}` };
}

/**
 * The base instructions for a history that did not start on a lite model (a `/model` switch
 * from a classic one): appended, as the Codex CLI's `<model_instructions>` message.
 */
export function switchedInstructionsMessage(instructions: string): ResponseItem {
  const text = `${MODEL_INSTRUCTIONS_TAG}\n${instructions}\n</model_instructions>`;
  return { ...developerMessage(text), id: `msg_${stableUuid(`switch:${instructions}`)}` };
}

/** Whether history already gives the model these base instructions (either form). */
export function hasInstructions(history: readonly ResponseItem[], instructions: string): boolean {
  const ids = new Set([
    baseInstructionsMessage(instructions).id,
    switchedInstructionsMessage(instructions).id,
  ]);
  return history.some((item) => item.type === "message" && ids.has(item.id as string));
}

/** One `additional_tools` item: function and custom tools in the `functions` namespace. */
export function toolDeclarationItem(tools: readonly ToolSpec[]): ResponseItem {
  const members = tools.filter((tool) => tool.type === "function" || tool.type === "custom");
  const hosted = tools.filter((tool) => tool.type !== "function" && tool.type !== "custom");
  const declared: JsonObject[] = [
    ...(members.length > 0
      ? [
          {
            type: "namespace",
            name: TOOL_NAMESPACE,
            description: "",
            tools: members.map((tool) => sortKeysDeep(tool) as unknown as JsonObject),
          },
        ]
      : []),
    ...hosted.map((tool) => sortKeysDeep(tool) as unknown as JsonObject),
  ];
  return {
    type: "additional_tools",
    id: `at_${stableUuid(`tools:${canonicalJson(declared)}`)}`,
    role: "developer",
    tools: declared,
  };
}

/** The tools history has declared so far, by name (`functions.x` for namespace members). */
function declaredTools(history: readonly ResponseItem[]): Map<string, string> {
  const declared = new Map<string, string>();
  for (const item of history) {
    if (item.type === "additional_tools" && Array.isArray(item.tools)) {
      for (const [name, tool] of namedTools(item.tools as JsonObject[])) {
        declared.set(name, canonicalJson(tool));
      }
    } else if (item.type === "message" && item.role === "developer") {
      for (const name of removedNames(item)) declared.delete(name);
    }
  }
  return declared;
}

/**
 * What to append so that history declares exactly `tools`: nothing when it already does; else
 * the update hint with an `additional_tools` item of the added or redefined tools, and a
 * message naming the removed ones. An empty history gets the item alone.
 */
export function toolUpdateItems(
  history: readonly ResponseItem[],
  tools: readonly ToolSpec[],
): ResponseItem[] {
  const declared = declaredTools(history);
  const wanted = new Map(namedTools(toolDeclarationItem(tools).tools as JsonObject[]));
  const changed = tools.filter((tool) => {
    const name = qualifiedName(tool);
    return declared.get(name) !== canonicalJson(wanted.get(name));
  });
  const removed = [...declared.keys()].filter((name) => !wanted.has(name));
  const items: ResponseItem[] = [];
  if (changed.length > 0) {
    if (declared.size > 0) items.push(developerMessage(TOOL_UPDATE_HINT));
    items.push(toolDeclarationItem(changed));
  }
  if (removed.length > 0) {
    items.push(
      developerMessage([REMOVED_TOOLS_HEADER, ...removed.map((name) => `- ${name}`)].join("\n")),
    );
  }
  return items;
}

function qualifiedName(tool: ToolSpec): string {
  return tool.type === "function" || tool.type === "custom"
    ? `${TOOL_NAMESPACE}.${tool.name}`
    : tool.type;
}

function namedTools(tools: readonly JsonObject[]): Array<[string, JsonObject]> {
  return tools.flatMap((tool): Array<[string, JsonObject]> => {
    if (tool.type === "namespace" && Array.isArray(tool.tools)) {
      return (tool.tools as JsonObject[]).map((member) => [`${tool.name}.${member.name}`, member]);
    }
    return [[typeof tool.name === "string" ? tool.name : String(tool.type), tool]];
  });
}

function removedNames(item: ResponseItem): string[] {
  const text = messageText(item) ?? "";
  if (!text.startsWith(REMOVED_TOOLS_HEADER)) return [];
  return text
    .split("\n")
    .slice(1)
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2));
}
