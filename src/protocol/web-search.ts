import { z } from "zod";
import type { ResponseItem } from "./items.js";

/** `web_search` in config.toml, as the Codex CLI names it. */
export const WebSearchModeSchema = z.enum(["live", "cached", "disabled"]);
export type WebSearchMode = z.infer<typeof WebSearchModeSchema>;

/** The Responses API's hosted search tool; `cached` keeps it to the index (no live fetches). */
export const WebSearchToolSpecSchema = z.object({
  type: z.literal("web_search"),
  external_web_access: z.boolean().optional(),
});
export type WebSearchToolSpec = z.infer<typeof WebSearchToolSpecSchema>;

/** The tool object the Codex CLI sends for each mode (none when disabled). */
export function webSearchToolSpec(mode: WebSearchMode): WebSearchToolSpec | undefined {
  if (mode === "disabled") return undefined;
  return { type: "web_search", external_web_access: mode === "live" };
}

const WebSearchCallSchema = z.looseObject({
  type: z.literal("web_search_call"),
  id: z.string().optional(),
  status: z.string().optional(),
  action: z
    .looseObject({
      type: z.string().optional(),
      query: z.string().optional(),
      queries: z.array(z.string()).optional(),
      url: z.string().optional(),
    })
    .optional(),
});

/** What a `web_search_call` item searched for (or opened), for "Searched: …" and exec --json. */
export function webSearchQuery(item: ResponseItem): string | undefined {
  const parsed = WebSearchCallSchema.safeParse(item);
  if (!parsed.success) return undefined;
  const action = parsed.data.action;
  return action?.query ?? action?.queries?.join(", ") ?? action?.url ?? "";
}
