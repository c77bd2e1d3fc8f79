import { type WebSearchMode, webSearchToolSpec } from "../protocol/index.js";
import type { ToolDefinition } from "./types.js";

/**
 * The hosted web_search tool: offered in `tools`, run by the API (its `web_search_call`
 * items are not calls for us to answer), so a local call by that name is refused.
 */
export function webSearchTool(mode: WebSearchMode): ToolDefinition | undefined {
  const spec = webSearchToolSpec(mode);
  if (!spec) return undefined;
  return {
    name: "web_search",
    spec,
    plan: async () => ({ needs: { kind: "nothing" }, args: undefined }),
    run: async () => ({
      output: "error: web_search is a hosted tool; the API runs it, not mini-codex",
    }),
  };
}
