import type { ServerEvent } from "./events.js";
import { type SentCredentials, sentCredentials } from "./sent-credentials.js";

/**
 * One response's server events with every credential mini-codex sent taken out, before anything
 * reads them: the model client wraps each attempt's stream in it (WebSocket and HTTP, every lane
 * and subagent), so history, the session file, the screen, exec's output and the tools only ever
 * see the cleaned events.
 *
 * A delta (message text, reasoning summary, function-call arguments, custom-tool input, and any
 * other event with a string `delta`) holds back a tail that could begin a credential until the
 * next delta of the same part or the event that ends it (its `.done`, its item's
 * `output_item.done`, the response's end), so a credential split across deltas is caught whole.
 * Every other event is scrubbed whole: items, `.done` texts, error texts, unknown events.
 * `removed` tells whether anything was taken out: the response then differs from the server's
 * copy of it (docs/protocol.md, "Credentials in what a server sends").
 */
export class ScrubbedEvents implements AsyncIterable<ServerEvent> {
  /** Whether a credential was taken out of this response. */
  removed = false;
  /** Each streaming part's held-back tail and the delta event it came in (for the flush). */
  private readonly held = new Map<string, { event: ServerEvent; text: string }>();

  constructor(
    private readonly events: AsyncIterable<ServerEvent>,
    private readonly credentials: SentCredentials = sentCredentials,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<ServerEvent> {
    for await (const event of this.events) {
      if (this.credentials.empty && this.held.size === 0) {
        yield event;
        continue;
      }
      const delta = deltaOf(event);
      if (delta) {
        const released = this.onDelta(event, delta);
        if (released) yield released;
        continue;
      }
      for (const flushed of this.endedBy(event)) yield flushed;
      yield this.whole(event);
    }
  }

  /** The delta with full credentials replaced and a possible credential's start held back. */
  private onDelta(event: ServerEvent, delta: Delta): ServerEvent | undefined {
    const before = this.held.get(delta.key)?.text ?? "";
    const joined = before + delta.text;
    const text = this.credentials.scrub(joined);
    if (text !== joined) this.removed = true;
    const keep = this.credentials.heldTailLength(text);
    if (keep > 0) this.held.set(delta.key, { event, text: text.slice(text.length - keep) });
    else this.held.delete(delta.key);
    const release = text.slice(0, text.length - keep);
    return release === "" ? undefined : withDelta(event, release);
  }

  /** The held tails of the parts `event` ends, as deltas sent just before it. */
  private endedBy(event: ServerEvent): ServerEvent[] {
    if (this.held.size === 0) return [];
    const end = endOf(event);
    if (!end) return [];
    const out: ServerEvent[] = [];
    for (const [key, { event: last, text }] of this.held) {
      if (end !== "all" && !end(placeOf(last))) continue;
      this.held.delete(key);
      out.push(withDelta(last, text));
    }
    return out;
  }

  private whole(event: ServerEvent): ServerEvent {
    const scrubbed =
      event.type === "unknown_event"
        ? rawScrubbed(event, this.credentials)
        : this.credentials.scrubValue(event);
    if (scrubbed !== event) this.removed = true;
    return scrubbed;
  }
}

interface Delta {
  /** The streaming part: event type, item, output index, content or summary index. */
  key: string;
  text: string;
}

interface Place {
  itemId?: unknown;
  outputIndex?: unknown;
}

/** The members of an event as sent (an unknown event's raw object). */
function membersOf(event: ServerEvent): Record<string, unknown> {
  return (event.type === "unknown_event" ? event.raw : event) as Record<string, unknown>;
}

function deltaOf(event: ServerEvent): Delta | undefined {
  const members = membersOf(event);
  const text = members.delta;
  if (typeof text !== "string" || typeof members.type !== "string") return undefined;
  const part = members.content_index ?? members.summary_index ?? "";
  const key = `${members.type}|${members.item_id ?? ""}|${members.output_index ?? ""}|${part}`;
  return { key, text };
}

function placeOf(event: ServerEvent): Place {
  const members = membersOf(event);
  const item = members.item as { id?: unknown } | undefined;
  return { itemId: members.item_id ?? item?.id, outputIndex: members.output_index };
}

const TERMINAL = new Set(["response.completed", "response.failed", "response.incomplete", "error"]);

/**
 * Which held parts an event ends: every one at the response's end (or a `.done` that names no
 * item), else those of the item (or output index) a `.done` names; none for other events.
 */
function endOf(event: ServerEvent): "all" | ((place: Place) => boolean) | undefined {
  const type = String(membersOf(event).type);
  if (TERMINAL.has(type)) return "all";
  if (!type.endsWith(".done")) return undefined;
  const { itemId, outputIndex } = placeOf(event);
  if (itemId !== undefined) return (place) => place.itemId === itemId;
  if (outputIndex !== undefined) return (place) => place.outputIndex === outputIndex;
  return "all";
}

function withDelta(event: ServerEvent, delta: string): ServerEvent {
  if (event.type === "unknown_event") return { ...event, raw: { ...event.raw, delta } };
  return { ...event, delta } as ServerEvent;
}

function rawScrubbed(
  event: Extract<ServerEvent, { type: "unknown_event" }>,
  credentials: SentCredentials,
): ServerEvent {
  const raw = credentials.scrubValue(event.raw);
  return raw === event.raw ? event : { ...event, raw };
}
