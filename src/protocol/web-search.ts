import { z } from "zod";
import type { ResponseItem } from "./items.js";
import { lazy } from "./lazy.js";

/** `web_search` in config.toml, as the Codex CLI names it. */
export const webSearchModeSchema = lazy(() => z.enum(["live", "cached", "disabled"]));
export type WebSearchMode = z.infer<ReturnType<typeof webSearchModeSchema>>;

/** The Responses API's hosted search tool; `cached` keeps it to the index (no live fetches). */
export const webSearchToolSpecSchema = lazy(() =>
  z.object({ type: z.literal("web_search"), external_web_access: z.boolean().optional() }),
);
type WebSearchToolSpec = z.infer<ReturnType<typeof webSearchToolSpecSchema>>;

/** The tool object the Codex CLI sends for each mode (none when disabled). */
export function webSearchToolSpec(mode: WebSearchMode): WebSearchToolSpec | undefined {
  if (mode === "disabled") return undefined;
  return { type: "web_search", external_web_access: mode === "live" };
}

const webSearchCallSchema = lazy(() =>
  z.looseObject({
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
  }),
);

/** What a `web_search_call` item searched for (or opened), for "Searched: …" and exec --json. */
export function webSearchQuery(item: ResponseItem): string | undefined {
  const parsed = webSearchCallSchema().safeParse(item);
  if (!parsed.success) return undefined;
  const action = parsed.data.action;
  return action?.query ?? action?.queries?.join(", ") ?? action?.url ?? "";
}
