import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { parseServerEvent } from "../../src/protocol/events.js";
import { fixtureSource, recordDemoEvents } from "./record-demo-events.js";
import { RECORDED_DEMO_EVENTS } from "./recorded-events.js";

/**
 * recorded-events.ts holds one recorded stream of every event type the demo emits; the
 * typecheck holds each event to the openai package's ResponseStreamEvent. This test keeps the
 * recording true: the demo's streams today have the same event types and the same fields.
 */
const FIXTURE = fileURLToPath(new URL("./recorded-events.ts", import.meta.url));

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
});

/** An event's shape: its type and the paths of its fields, not their values. */
function shape(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => shape(v, `${path}[]`));
  if (value === null || typeof value !== "object") return [path];
  return Object.entries(value).flatMap(([k, v]) => shape(v, `${path}.${k}`));
}
const shapes = (events: readonly unknown[]) =>
  events.map(
    (event) => `${(event as { type: string }).type} ${[...new Set(shape(event))].sort().join(" ")}`,
  );

test("the recorded demo events are what the demo emits today (types and fields)", async () => {
  const frames = await recordDemoEvents(server);
  if (process.env.UPDATE_RECORDED_EVENTS === "1") {
    writeFileSync(FIXTURE, fixtureSource(frames));
  }
  expect(
    shapes(frames),
    "regenerate with UPDATE_RECORDED_EVENTS=1 npx vitest run test/demo/recorded-events.test.ts",
  ).toEqual(shapes(RECORDED_DEMO_EVENTS));
  expect(readFileSync(FIXTURE, "utf8")).toContain("recorded(");
});

test("every recorded event type parses in mini-codex", () => {
  for (const event of RECORDED_DEMO_EVENTS) {
    expect(() => parseServerEvent(event)).not.toThrow();
  }
  const types = new Set(RECORDED_DEMO_EVENTS.map((e) => e.type));
  expect(types).toContain("response.web_search_call.searching");
  expect(types).toContain("response.custom_tool_call_input.delta");
  expect(types).toContain("response.failed");
});
