/**
 * Incremental Server-Sent Events parser (WHATWG event-stream rules). Feed it string or byte
 * chunks split anywhere (inside a line, a CRLF pair or a multi-byte UTF-8 character); it
 * returns the events completed by each chunk. Pure: no I/O, no timers.
 */
export interface SseEvent {
  /** The `event:` field, "message" when absent. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  /** The last `id:` seen on the stream, if any. */
  id?: string;
}

export class SseParser {
  private readonly decoder = new TextDecoder("utf-8");
  /** Text of the current, not yet terminated line. */
  private pending: string[] = [];
  /** The previous chunk ended with CR: a leading LF in the next one belongs to it. */
  private skipLeadingLf = false;
  private atStreamStart = true;
  private eventType = "";
  private dataLines: string[] = [];
  private lastId: string | undefined;

  /** Parse one chunk; returns the events it completed (possibly none). */
  feed(chunk: string | Uint8Array): SseEvent[] {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.consume(text);
  }

  /**
   * The stream ended. Flushes a dangling partial UTF-8 sequence and a final line without a
   * terminator; an event not closed by a blank line is discarded, as the standard says.
   */
  end(): SseEvent[] {
    const rest = this.decoder.decode();
    const events = this.consume(rest);
    if (this.pending.length > 0) {
      this.processLine(this.pending.join(""), events);
      this.pending = [];
    }
    this.eventType = "";
    this.dataLines = [];
    return events;
  }

  private consume(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let data = text;
    if (this.skipLeadingLf && data.length > 0) {
      this.skipLeadingLf = false;
      if (data.startsWith("\n")) data = data.slice(1);
    }
    if (this.atStreamStart && data.length > 0) {
      this.atStreamStart = false;
      if (data.charCodeAt(0) === 0xfeff) data = data.slice(1);
    }
    let start = 0;
    for (;;) {
      const cr = data.indexOf("\r", start);
      const lf = data.indexOf("\n", start);
      if (cr === -1 && lf === -1) break;
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      // Only the text after the last terminator is ever kept, so a long line arriving in
      // many small chunks is joined once, not rescanned per chunk.
      const head = data.slice(start, end);
      const line = this.pending.length > 0 ? this.pending.join("") + head : head;
      this.pending = [];
      this.processLine(line, events);
      if (data.charCodeAt(end) === 13) {
        if (end + 1 < data.length) {
          start = data.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
        } else {
          this.skipLeadingLf = true;
          start = end + 1;
        }
      } else {
        start = end + 1;
      }
    }
    if (start < data.length) this.pending.push(data.slice(start));
    return events;
  }

  private processLine(line: string, events: SseEvent[]): void {
    if (line.length === 0) {
      this.dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 58 /* ":" comment */) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.eventType = value;
        break;
      case "data":
        this.dataLines.push(value);
        break;
      case "id":
        if (!value.includes("\u0000")) this.lastId = value;
        break;
      default:
        // `retry` and unknown fields are ignored.
        break;
    }
  }

  private dispatch(events: SseEvent[]): void {
    const type = this.eventType;
    this.eventType = "";
    if (this.dataLines.length === 0) return;
    const event: SseEvent = { event: type || "message", data: this.dataLines.join("\n") };
    if (this.lastId !== undefined) event.id = this.lastId;
    this.dataLines = [];
    events.push(event);
  }
}

/** Parse a complete event-stream text in one go (tests, recorded fixtures). */
export function parseSseText(text: string | Uint8Array): SseEvent[] {
  const parser = new SseParser();
  return [...parser.feed(text), ...parser.end()];
}

/** Serialise one event as event-stream text (the demo server's encoder). */
export function formatSseEvent(data: string, event?: string): string {
  const head = event ? `event: ${event}\n` : "";
  return `${head}${data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join("")}\n`;
}
