import { messageText, type ResponseItem } from "../../protocol/index.js";
import { isInitialContextItem, leadingContext } from "../../session/index.js";
import { SUMMARY_PREFIX } from "./compaction.js";

/**
 * Remote compaction (protocol-2026 §5, docs/protocol.md "Compaction"): an ordinary request whose
 * last input item is `compaction_trigger` (never kept in history); the server answers with
 * exactly one `compaction` item that stands for everything before it. Pure helpers.
 */

const COMPACTION_TRIGGER = "compaction_trigger";
const COMPACTION_ITEM = "compaction";

/** What the compaction request appends (no id, as the Codex CLI sends it). */
export function compactionTrigger(): ResponseItem {
  return { type: COMPACTION_TRIGGER };
}

/** How many tokens of the person's own messages a replacement history keeps (newest first). */
const RETAINED_USER_TOKENS = 64_000;

/** The one `compaction` item of a response, or the error that says what came instead. */
export function theCompactionItem(
  items: readonly ResponseItem[],
): { item: ResponseItem } | { error: string } {
  const found = items.filter((item) => item.type === COMPACTION_ITEM);
  const [item] = found;
  if (found.length === 1 && item && typeof item.encrypted_content === "string") return { item };
  return {
    error: `remote compaction expected exactly one compaction output item, got ${found.length} from ${items.length} output items`,
  };
}

/**
 * History after a remote compaction: the initial context as it was (its bytes unchanged, so the
 * tools and instructions stay a cached prefix), the person's messages (newest first up to
 * `RETAINED_USER_TOKENS`, kept in their order), then the compaction item. Assistant messages,
 * reasoning, tool calls and outputs, earlier summaries and compaction items are dropped: the
 * compaction item stands for them.
 */
export function remoteCompactedHistory(
  history: readonly ResponseItem[],
  compaction: ResponseItem,
  budget = RETAINED_USER_TOKENS,
): ResponseItem[] {
  const leading = leadingContext(history);
  const said = history
    .slice(leading.length)
    .filter((item) => item.type === "message" && item.role === "user")
    .filter((item) => !isInitialContextItem(item))
    .filter((item) => !(messageText(item) ?? "").startsWith(SUMMARY_PREFIX));
  const kept: ResponseItem[] = [];
  let tokens = 0;
  for (let i = said.length - 1; i >= 0; i--) {
    const item = said[i] as ResponseItem;
    tokens += Math.ceil(Buffer.byteLength(JSON.stringify(item)) / 4);
    if (tokens > budget) break;
    kept.unshift(item);
  }
  return [...leading, ...kept, compaction];
}

/** Why an automatic compaction runs now; undefined: not now. */
type AutoCompactTrigger = "limit" | "cold";

/**
 * When to compact automatically, with the prompt cache in mind: past the limit, always; before
 * it, only when the cached prefix has expired anyway (idle past the cache TTL) and history is
 * already past `coldShare` of the limit — so a warm streak is never broken without need.
 */
export function autoCompactTrigger(at: {
  lastInputTokens: number;
  limit: number | undefined;
  /** Milliseconds since the last response ended; undefined: none yet, or mid-turn. */
  idleMs: number | undefined;
  cacheTtlMs: number;
  coldShare?: number;
}): AutoCompactTrigger | undefined {
  const { lastInputTokens, limit } = at;
  if (limit === undefined || limit <= 0) return undefined;
  if (lastInputTokens > limit) return "limit";
  const cold = at.idleMs !== undefined && at.idleMs > at.cacheTtlMs;
  return cold && lastInputTokens > limit * (at.coldShare ?? 0.5) ? "cold" : undefined;
}
