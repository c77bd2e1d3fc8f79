/**
 * The developer messages that go with `additional_tools` items in Responses Lite (the texts
 * the Codex CLI 0.171 sends): the hint before a later tools item, and the header of the list
 * of withdrawn tools (one `- namespace.name` line each). Client and demo server share them.
 */
export const TOOL_UPDATE_HINT =
  "This is an incremental tools update. Previously declared tools remain available for direct calls unless explicitly marked unavailable. If a tool is redefined here, its latest definition replaces the earlier one.";

export const REMOVED_TOOLS_HEADER =
  "The following tools are no longer available. Do not call them:";
