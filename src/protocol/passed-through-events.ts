/**
 * Responses stream events mini-codex knows of and deliberately does not read: hosted tools'
 * progress, audio, refusal and reasoning-text deltas, annotations. They reach the session as
 * `unknown_event` and change nothing; what they describe arrives whole in output_item.done.
 * A test keeps this list and the parsed ones (events.ts) covering every type the `openai`
 * package declares, so an event type added upstream is a failing test, not a silent gap.
 */
export const PASSED_THROUGH_EVENT_TYPES: ReadonlySet<string> = new Set([
  "response.audio.delta",
  "response.audio.done",
  "response.audio.transcript.delta",
  "response.audio.transcript.done",
  "response.code_interpreter_call_code.delta",
  "response.code_interpreter_call_code.done",
  "response.code_interpreter_call.completed",
  "response.code_interpreter_call.in_progress",
  "response.code_interpreter_call.interpreting",
  "response.file_search_call.completed",
  "response.file_search_call.in_progress",
  "response.file_search_call.searching",
  "response.reasoning_summary_part.done",
  "response.reasoning_summary_text.done",
  "response.reasoning_text.delta",
  "response.reasoning_text.done",
  "response.refusal.delta",
  "response.refusal.done",
  "response.web_search_call.completed",
  "response.web_search_call.in_progress",
  "response.web_search_call.searching",
  "response.image_generation_call.completed",
  "response.image_generation_call.generating",
  "response.image_generation_call.in_progress",
  "response.image_generation_call.partial_image",
  "response.mcp_call_arguments.delta",
  "response.mcp_call_arguments.done",
  "response.mcp_call.completed",
  "response.mcp_call.failed",
  "response.mcp_call.in_progress",
  "response.mcp_list_tools.completed",
  "response.mcp_list_tools.failed",
  "response.mcp_list_tools.in_progress",
  "response.output_text.annotation.added",
  "response.queued",
]);
