import { describe, expect, test } from "vitest";
import { KNOWN_TOOL_TYPES } from "../../src/demo/request/vocabulary.js";
import { knownServerEventSchema, parseServerEvent } from "../../src/protocol/events.js";
import { PASSED_THROUGH_EVENT_TYPES } from "../../src/protocol/passed-through-events.js";
import { declaredStreamEventTypes, declaredToolTypes } from "./openai-declarations.js";

const PARSED = new Set<string>(knownServerEventSchema().options.map((o) => o.shape.type.value));

describe("every Responses stream event the openai package declares is handled", () => {
  const declared = declaredStreamEventTypes();

  test("the package declares the stream events (the reader of its declarations works)", () => {
    expect(declared).toContain("response.output_text.delta");
    expect(declared.length).toBeGreaterThan(40);
  });

  test("each is parsed with a schema or passed through as a known unknown; none is new", () => {
    const unhandled = declared.filter((t) => !PARSED.has(t) && !PASSED_THROUGH_EVENT_TYPES.has(t));
    expect(unhandled, "event types upstream that mini-codex neither parses nor lists").toEqual([]);
  });

  test("the passed-through list names only declared types that are not parsed", () => {
    for (const type of PASSED_THROUGH_EVENT_TYPES) {
      expect(declared, `${type} is not declared upstream`).toContain(type);
      expect(PARSED.has(type), `${type} is both parsed and passed through`).toBe(false);
    }
  });

  test("a passed-through event becomes unknown_event, never an error", () => {
    for (const type of PASSED_THROUGH_EVENT_TYPES) {
      expect(parseServerEvent({ type, sequence_number: 1, item_id: "x" })).toMatchObject({
        type: "unknown_event",
        raw: { type },
      });
    }
  });
});

describe("every tool type the openai package declares is accepted by the demo server", () => {
  test("KNOWN_TOOL_TYPES equals the declared tool types", () => {
    expect([...KNOWN_TOOL_TYPES].sort()).toEqual([...new Set(declaredToolTypes())].sort());
  });
});
