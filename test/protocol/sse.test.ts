import { describe, expect, test } from "vitest";
import { formatSseEvent, parseSseText, type SseEvent, SseParser } from "../../src/protocol/sse.js";

const RECORDED = [
  ": keep-alive comment\r\n",
  "event: response.created\r\n",
  'data: {"type":"response.created","response":{"id":"resp_1"}}\r\n',
  "\r\n",
  "event: response.output_text.delta\n",
  'data: {"type":"response.output_text.delta","delta":"héllo wörld — ✓ 🚀"}\n',
  "\n",
  "id: 7\r",
  "data: first line\r",
  "data: second line\r",
  "\r",
  "event: response.completed\r\n",
  'data: {"type":"response.completed","response":{"id":"resp_1"}}\r\n',
  "\r\n",
].join("");

const EXPECTED: SseEvent[] = [
  { event: "response.created", data: '{"type":"response.created","response":{"id":"resp_1"}}' },
  {
    event: "response.output_text.delta",
    data: '{"type":"response.output_text.delta","delta":"héllo wörld — ✓ 🚀"}',
  },
  { event: "message", data: "first line\nsecond line", id: "7" },
  {
    event: "response.completed",
    data: '{"type":"response.completed","response":{"id":"resp_1"}}',
    id: "7",
  },
];

function parseInChunks(bytes: Uint8Array, cuts: number[]): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.feed(bytes.subarray(from, cut)));
    from = cut;
  }
  events.push(...parser.end());
  return events;
}

describe("SseParser", () => {
  test("parses a recorded stream in one piece", () => {
    expect(parseSseText(RECORDED)).toEqual(EXPECTED);
  });

  test("gives the same events when split at every byte boundary (inside UTF-8 and CRLF too)", () => {
    const bytes = new TextEncoder().encode(RECORDED);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(parseInChunks(bytes, [cut]), `cut at byte ${cut}`).toEqual(EXPECTED);
    }
  });

  test("gives the same events fed one byte at a time", () => {
    const bytes = new TextEncoder().encode(RECORDED);
    const cuts = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(parseInChunks(bytes, cuts)).toEqual(EXPECTED);
  });

  test("gives the same events when string chunks split a CRLF pair", () => {
    const parser = new SseParser();
    const events = [
      ...parser.feed("data: a\r"),
      ...parser.feed("\n\r"),
      ...parser.feed("\ndata: b\r\n\r\n"),
    ];
    expect(events).toEqual([
      { event: "message", data: "a" },
      { event: "message", data: "b" },
    ]);
  });

  test("ignores comments, unknown fields and events without data", () => {
    const events = parseSseText(": hello\nretry: 100\nfoo: bar\n\nevent: ping\n\ndata:x\n\n");
    expect(events).toEqual([{ event: "message", data: "x" }]);
  });

  test("keeps a value's spaces after the first one and handles an empty data line", () => {
    expect(parseSseText("data:  two spaces\ndata\n\n")).toEqual([
      { event: "message", data: " two spaces\n" },
    ]);
  });

  test("drops an event the stream never closed with a blank line", () => {
    expect(parseSseText("data: complete\n\ndata: partial")).toEqual([
      { event: "message", data: "complete" },
    ]);
  });

  test("strips a leading byte-order mark", () => {
    expect(parseSseText("\uFEFFdata: x\n\n")).toEqual([{ event: "message", data: "x" }]);
  });

  test("assembles a long data line arriving in many small chunks", () => {
    const payload = "x".repeat(200_000);
    const bytes = new TextEncoder().encode(`data: ${payload}\n\n`);
    const cuts = Array.from({ length: Math.floor(bytes.length / 64) }, (_, i) => (i + 1) * 64);
    expect(parseInChunks(bytes, cuts)).toEqual([{ event: "message", data: payload }]);
  });

  test("formatSseEvent round-trips multi-line data", () => {
    const text = formatSseEvent("line one\nline two", "response.output_text.delta");
    expect(parseSseText(text)).toEqual([
      { event: "response.output_text.delta", data: "line one\nline two" },
    ]);
  });
});
