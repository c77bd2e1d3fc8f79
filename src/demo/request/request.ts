import { type ResponseItem, userMessage } from "../../protocol/index.js";
import { type DemoCacheOptions, readCacheOptions } from "./cache-options.js";
import { type DemoToolOffer, offersOf } from "./offers.js";
import {
  expect,
  isObject,
  type Json,
  kindOf,
  oneOf,
  optional,
  Refused,
  type RequestRefusal,
  refuse,
} from "./request-fields.js";
import { toolOutputRefusal } from "./tool-output-check.js";
import { EFFORTS, KNOWN_PARAMETERS, KNOWN_TOOL_TYPES, TOOL_TYPES } from "./vocabulary.js";

/** How a request reached the server. */
export type DemoTransport = "ws" | "http";

/** What the demo engine reads of a request; everything else was only checked. */
export interface DemoRequest {
  model: string;
  instructions?: string;
  /** `input` as items (a string is one user message). */
  input: ResponseItem[];
  /** The `tools` field as sent (the prompt cache keys on it). */
  tools: unknown[];
  /** Offered tools, namespaces flattened to their members. */
  offers: DemoToolOffer[];
  reasoning?: Record<string, unknown>;
  /** A `text.format` JSON schema the answer must satisfy. */
  jsonSchema?: Record<string, unknown>;
  promptCacheKey?: string;
  previousResponseId?: string;
  generate?: boolean;
  /** `prompt_cache_options` as sent (`prewarm: true` also sets `generate` false). */
  cacheOptions?: DemoCacheOptions;
  /** HTTP only: false answers one JSON response instead of an event stream. */
  stream: boolean;
  /** The settings a response object repeats, with the API's defaults for those not sent. */
  settings: Record<string, unknown>;
}

/** Check a request as the Responses API would, and read what the demo needs (pure). */
export function parseDemoRequest(
  body: unknown,
  transport: DemoTransport,
): { ok: true; request: DemoRequest } | { ok: false; refusal: RequestRefusal } {
  try {
    return { ok: true, request: read(body, transport) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

function read(body: unknown, transport: DemoTransport): DemoRequest {
  if (!isObject(body)) refuse("invalid_type", "The request body must be a JSON object.", null);
  const envelope = transport === "ws" ? new Set(["type", "stream_id"]) : new Set<string>();
  for (const key of Object.keys(body)) {
    if (!KNOWN_PARAMETERS.has(key) && !envelope.has(key)) {
      refuse("unknown_parameter", `Unknown parameter: '${key}'.`, key);
    }
  }
  if (body.model === undefined || body.model === null) {
    refuse("missing_required_parameter", "Missing required parameter: 'model'.", "model");
  }
  const model = expect(body, "model", "string", "a string") as string;
  const instructions = optional(body, "instructions", "string", "a string");
  const request: DemoRequest = {
    model,
    input: readInput(body.input),
    tools: readTools(body.tools),
    offers: [],
    stream: transport === "ws" || body.stream === true,
    settings: responseSettings(body),
  };
  request.offers = offersOf(request.tools as Json[]);
  if (instructions !== undefined) request.instructions = instructions as string;
  const reasoning = optional(body, "reasoning", "object", "an object") as Json | undefined;
  if (reasoning) {
    readEffort(reasoning, "reasoning");
    request.reasoning = reasoning;
  }
  const key = optional(body, "prompt_cache_key", "string", "a string");
  if (key !== undefined) request.promptCacheKey = key as string;
  const previous = optional(body, "previous_response_id", "string", "a string");
  if (previous !== undefined) request.previousResponseId = previous as string;
  const generate = optional(body, "generate", "boolean", "a boolean");
  if (generate !== undefined) request.generate = generate as boolean;
  for (const [name, type, label] of [
    ["metadata", "object", "an object"],
    ["max_output_tokens", "number", "an integer"],
    ["store", "boolean", "a boolean"],
    ["stream", "boolean", "a boolean"],
    ["parallel_tool_calls", "boolean", "a boolean"],
  ] as const) {
    optional(body, name, type, label);
  }
  const cache = readCacheOptions(body.prompt_cache_options);
  if (!cache.ok) refuse(cache.refusal.code, cache.refusal.message, cache.refusal.param);
  if (cache.options) request.cacheOptions = cache.options;
  if (cache.options?.prewarm) request.generate = false;
  oneOf(body, "truncation", ["auto", "disabled"]);
  oneOf(body, "prompt_cache_retention", ["in_memory", "24h"]);
  const schema = readJsonSchema(body.text);
  if (schema) request.jsonSchema = schema;
  return request;
}

/** What a response object says of its request (the Response fields the API always fills). */
function responseSettings(body: Json): Record<string, unknown> {
  const or = (name: string, fallback: unknown) => body[name] ?? fallback;
  return {
    access_programs: or("access_programs", null),
    instructions: or("instructions", null),
    metadata: or("metadata", {}),
    parallel_tool_calls: or("parallel_tool_calls", true),
    temperature: or("temperature", 1),
    tool_choice: or("tool_choice", "auto"),
    tools: or("tools", []),
    top_p: or("top_p", 1),
    previous_response_id: or("previous_response_id", null),
    reasoning: or("reasoning", null),
    text: or("text", { format: { type: "text" } }),
    truncation: or("truncation", "disabled"),
    prompt_cache_key: or("prompt_cache_key", null),
    ...appliedCacheOptions(body.prompt_cache_options),
  };
}

/** The Response's `prompt_cache_options`: what was applied (mode, ttl, the comparison). */
function appliedCacheOptions(value: unknown): Record<string, unknown> {
  if (!isObject(value)) return {};
  return {
    prompt_cache_options: {
      mode: value.mode ?? "implicit",
      ttl: value.ttl ?? "30m",
      comparison_response_id: value.comparison_response_id ?? null,
    },
  };
}

function readInput(input: unknown): ResponseItem[] {
  if (input === undefined || input === null) return [];
  if (typeof input === "string") return [userMessage(input)];
  if (!Array.isArray(input)) {
    refuse(
      "invalid_type",
      `Invalid type for 'input': expected one of a string or array of input items, but got ${kindOf(input)} instead.`,
      "input",
    );
  }
  return input.map((item, i) => {
    if (!isObject(item)) {
      refuse(
        "invalid_type",
        `Invalid type for 'input[${i}]': expected an input item, but got ${kindOf(item)} instead.`,
        `input[${i}]`,
      );
    }
    // An easy input message ({role, content}) has no type; the API reads it as a message.
    if (item.type === undefined && typeof item.role === "string") {
      const content =
        typeof item.content === "string"
          ? [{ type: "input_text", text: item.content }]
          : item.content;
      return { ...item, type: "message", content } as ResponseItem;
    }
    if (typeof item.type !== "string") {
      refuse(
        "missing_required_parameter",
        `Missing required parameter: 'input[${i}].type'.`,
        `input[${i}].type`,
      );
    }
    if (item.type === "compaction_trigger" && i !== input.length - 1) {
      refuse(
        "invalid_value",
        "The 'compaction_trigger' item must be the final input item.",
        `input[${i}]`,
      );
    }
    if (item.type === "configuration_update") readEffort(item.reasoning, `input[${i}].reasoning`);
    if (item.type === "additional_tools") readTools(item.tools, `input[${i}].tools`);
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      const refusal = toolOutputRefusal(item.output, `input[${i}]`);
      if (refusal) refuse(refusal.code, refusal.message, refusal.param);
    }
    return item as ResponseItem;
  });
}

/** `reasoning.effort` (request level or in a configuration_update) must be an API value. */
function readEffort(reasoning: unknown, at: string): void {
  if (!isObject(reasoning) || reasoning.effort === undefined || reasoning.effort === null) return;
  if (EFFORTS.has(String(reasoning.effort))) return;
  const values = [...EFFORTS].map((v) => `'${v}'`).join(", ");
  refuse(
    "invalid_value",
    `Invalid value: '${String(reasoning.effort)}'. Supported values are: ${values}.`,
    `${at}.effort`,
  );
}

/** A `tools` list (the request's, or an `additional_tools` item's at `at`). */
function readTools(tools: unknown, at = "tools"): unknown[] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) {
    refuse(
      "invalid_type",
      `Invalid type for '${at}': expected an array, but got ${kindOf(tools)} instead.`,
      at,
    );
  }
  tools.forEach((tool, i) => {
    if (!isObject(tool) || typeof tool.type !== "string") {
      refuse(
        "missing_required_parameter",
        `Missing required parameter: '${at}[${i}].type'.`,
        `${at}[${i}].type`,
      );
    }
    if (!TOOL_TYPES.has(tool.type)) {
      const values = KNOWN_TOOL_TYPES.map((v) => `'${v}'`).join(", ");
      refuse(
        "invalid_value",
        `Invalid value: '${tool.type}'. Supported values are: ${values}.`,
        `${at}[${i}].type`,
      );
    }
    if (["function", "custom", "namespace"].includes(tool.type) && typeof tool.name !== "string") {
      refuse(
        "missing_required_parameter",
        `Missing required parameter: '${at}[${i}].name'.`,
        `${at}[${i}].name`,
      );
    }
    if (tool.type === "namespace") readTools(tool.tools, `${at}[${i}].tools`);
  });
  return tools;
}

function readJsonSchema(text: unknown): Record<string, unknown> | undefined {
  if (!isObject(text) || !isObject(text.format) || text.format.type !== "json_schema")
    return undefined;
  if (!isObject(text.format.schema)) {
    refuse(
      "missing_required_parameter",
      "Missing required parameter: 'text.format.schema'.",
      "text.format.schema",
    );
  }
  return text.format.schema;
}
