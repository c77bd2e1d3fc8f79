import { REASONING_EFFORTS } from "../../protocol/index.js";

/**
 * The request parameters the Responses API documents (the `openai` package's
 * ResponseCreateParams), plus what real clients send that the API accepts: `client_metadata`
 * (the Codex CLI) and the WebSocket-only `generate`. Anything else is `unknown_parameter`.
 */
export const KNOWN_PARAMETERS = new Set([
  "background",
  "client_metadata",
  "context_management",
  "conversation",
  "generate",
  "include",
  "input",
  "instructions",
  "max_output_tokens",
  "max_tool_calls",
  "metadata",
  "model",
  "moderation",
  "parallel_tool_calls",
  "previous_response_id",
  "prompt",
  "prompt_cache_key",
  "prompt_cache_options",
  "prompt_cache_retention",
  "reasoning",
  "safety_identifier",
  "service_tier",
  "store",
  "stream",
  "stream_options",
  "temperature",
  "text",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "truncation",
  "user",
]);

/** Every tool type the Responses API documents (a test keeps this in step with the `openai` package). */
export const KNOWN_TOOL_TYPES = [
  "apply_patch",
  "code_interpreter",
  "computer",
  "computer_use_preview",
  "custom",
  "file_search",
  "function",
  "image_generation",
  "local_shell",
  "mcp",
  "namespace",
  "programmatic_tool_calling",
  "shell",
  "tool_search",
  "web_search",
  "web_search_2025_08_26",
  "web_search_preview",
  "web_search_preview_2025_03_11",
] as const;
export const TOOL_TYPES = new Set<string>(KNOWN_TOOL_TYPES);
/** The efforts the API takes (`ultra` is a client preset, never an API value). */
export const EFFORTS: ReadonlySet<string> = new Set(REASONING_EFFORTS);
