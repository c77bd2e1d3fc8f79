import { type ResponseItem, userMessage } from "../protocol/index.js";
import { addUsage } from "../session/index.js";
import type { SessionHooks } from "./session-hooks.js";
import { runTurnLoop, type TurnLoopContext, type TurnOutcome } from "./turn-loop.js";

/**
 * The turn's loop, then its Stop hooks (PreToolUse/PostToolUse are stages of each tool call:
 * src/turn/tool-calls, with the hooks the turn context carries).
 */
export function runHookedTurn(hooks: SessionHooks, ctx: TurnLoopContext): Promise<TurnOutcome> {
  return withStopHooks(() => runTurnLoop(ctx), hooks, ctx.signal, ctx.append);
}

/** How often Stop hooks may send a turn on (each time with `stop_hook_active: true`). */
const MAX_STOP_CONTINUATIONS = 8;

/**
 * Run the turn's loop, then its Stop hooks: a block reason becomes a user message and the loop
 * runs again (as Codex continues a turn), at most MAX_STOP_CONTINUATIONS times.
 */
async function withStopHooks(
  loop: () => Promise<TurnOutcome>,
  hooks: SessionHooks,
  signal: AbortSignal,
  append: (items: ResponseItem[]) => void,
): Promise<TurnOutcome> {
  let outcome = await loop();
  if (!hooks.has("Stop")) return outcome;
  for (let round = 0; round <= MAX_STOP_CONTINUATIONS; round++) {
    const reason = await hooks.stopped(outcome.lastMessage, round > 0, signal);
    if (!reason || round === MAX_STOP_CONTINUATIONS) return outcome;
    append([userMessage(reason)]);
    const next = await loop();
    outcome = { ...next, usage: addUsage(outcome.usage, next.usage) };
  }
  return outcome;
}
