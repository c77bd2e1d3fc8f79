import type { UsageFigures } from "../../protocol/index.js";
import { messageText, type ResponseItem, userMessage } from "../../protocol/index.js";
import type { CompletedResponse, SessionEvent } from "../../session/index.js";
import {
  COMPACTION_SUMMARY_PREFIX,
  isInitialContextItem,
  leadingContext,
  noUsage,
} from "../../session/index.js";
import { StreamEventTranslator } from "../stream-events.js";
import type { TurnContext } from "../turn-context.js";

/** What the model is asked for on /compact (not kept in history). */
export const COMPACTION_PROMPT = [
  "Summarize this conversation so far for a fresh context: the user's goals, what was done",
  "(files changed, commands run and their results), decisions made, and what remains.",
  "Be concise and factual; this summary replaces the conversation.",
].join(" ");

export const SUMMARY_PREFIX = COMPACTION_SUMMARY_PREFIX;

export function compactionRequestItem(): ResponseItem {
  return userMessage(COMPACTION_PROMPT);
}

/** The text of the last assistant message among a response's items. */
function summaryText(items: readonly ResponseItem[]): string | undefined {
  let text: string | undefined;
  for (const item of items) {
    if (item.type === "message" && item.role === "assistant") text = messageText(item) ?? text;
  }
  return text?.trim() ? text.trim() : undefined;
}

/**
 * History after compaction: the initial context messages, the person's last `keepRecent`
 * messages (a turn compacted midway keeps what it was asked), then the summary.
 */
export function compactedHistory(
  history: readonly ResponseItem[],
  summary: string,
  keepRecent = 0,
): ResponseItem[] {
  const said = history.filter(
    (item) =>
      item.type === "message" &&
      item.role === "user" &&
      !isInitialContextItem(item) &&
      !(messageText(item) ?? "").startsWith(SUMMARY_PREFIX),
  );
  const recent = keepRecent > 0 ? said.slice(-keepRecent) : [];
  return [...leadingContext(history), ...recent, userMessage(`${SUMMARY_PREFIX}\n${summary}`)];
}

/** Send history plus `extra` (chained like any request; what it says streams as usual). */
export async function requestCompaction(
  ctx: TurnContext,
  extra: ResponseItem[],
): Promise<CompletedResponse> {
  const translator = new StreamEventTranslator(ctx.tools, ctx.emit);
  return ctx.client.sample({
    turn: ctx.turn,
    signal: ctx.signal,
    build: () => ctx.build(extra),
    onEvent: (event) => translator.onEvent(event),
    onAttemptFailed: () => translator.reset(),
    onRequestStarted: ctx.onRequestStarted,
    onRequestFinished: ctx.onRequestFinished,
  });
}

/** Ask the model for a summary of history (the local compaction). */
export async function requestSummary(
  ctx: TurnContext,
): Promise<{ summary: string; usage: UsageFigures }> {
  const response = await requestCompaction(ctx, [compactionRequestItem()]);
  const summary = summaryText(response.items);
  if (summary === undefined) throw new Error("compaction failed: the model returned no summary");
  return { summary, usage: response.usage ?? noUsage() };
}

/** The line the TUI and exec show when history was compacted: how much it freed. */
export function compactionNotice(event: Extract<SessionEvent, { type: "compacted" }>): string {
  const how = event.auto ? "Context compacted automatically" : "Context compacted";
  const where = event.kind === "remote" ? " by the server" : "";
  const why = event.trigger === "cold" ? " (the cached prefix had expired)" : "";
  const tokens =
    event.inputTokensBefore > 0 ? ` (the last request read ${event.inputTokensBefore} tokens)` : "";
  return `${how}${where}${why}: ${event.itemsBefore} history items → ${event.itemsAfter}${tokens}; the full history stays in the session file.`;
}
