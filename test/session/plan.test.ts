import { describe, expect, it } from "vitest";
import { developerMessage, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { type ResponsesRequest, responsesRequestSchema } from "../../src/protocol/request.js";
import { chainOf } from "../../src/session/prompt/digest.js";
import {
  type FieldDecision,
  type PlannedRequest,
  planWireRequest,
  REQUEST_FIELD_DECISIONS,
} from "../../src/session/wire/plan.js";
import { buildRequestBody } from "../../src/session/wire/request.js";
import type { SessionSettings } from "../../src/session/wire/session-settings.js";

const settings: SessionSettings = { model: "demo-1", effort: "medium" };
const tools = [
  {
    type: "function" as const,
    name: "shell_command",
    description: "Run a command",
    strict: false,
    parameters: { type: "object", properties: { command: { type: "string" } } },
  },
];

function request(input: ResponseItem[], overrides: Partial<SessionSettings> = {}): PlannedRequest {
  const body = buildRequestBody(
    { sessionId: "s-1", instructions: "be brief", tools, settings: { ...settings, ...overrides } },
    input,
  );
  return { body, chain: chainOf(input) };
}

const context = [developerMessage("sandbox"), userMessage("<environment_context>")];
const answer: ResponseItem = {
  type: "message",
  role: "assistant",
  id: "msg_1",
  content: [{ type: "output_text", text: "You said: hi" }],
};
const hi = userMessage("hi");
const more = userMessage("more");
const head = { responseId: "resp_1", itemsAdded: [answer] };

describe("the field table", () => {
  it("decides every request field of the wire schema, and nothing else", () => {
    expect(Object.keys(REQUEST_FIELD_DECISIONS).sort()).toEqual(
      Object.keys(responsesRequestSchema().shape).sort(),
    );
  });

  it("a table without a decision for some field does not type-check (tsc runs over tests)", () => {
    const { generate: _omitted, ...missing } = REQUEST_FIELD_DECISIONS;
    // @ts-expect-error `generate` has no compare/ignore decision
    const table = missing satisfies Record<keyof ResponsesRequest, FieldDecision>;
    expect(Object.keys(table)).not.toContain("generate");
  });
});

describe("planWireRequest", () => {
  const previous = request([...context, hi]);
  const cases: Array<{
    name: string;
    input: Parameters<typeof planWireRequest>[0];
    expected: string;
    delta?: ResponseItem[];
  }> = [
    {
      name: "new user message after a completed head",
      input: { transport: "ws", previous, head, current: request([...context, hi, answer, more]) },
      expected: "incremental",
      delta: [more],
    },
    {
      name: "empty delta is allowed",
      input: { transport: "ws", previous, head, current: request([...context, hi, answer]) },
      expected: "incremental",
      delta: [],
    },
    {
      name: "http is always full",
      input: { transport: "http", previous, head, current: request([...context, hi, answer]) },
      expected: "full:transport_http",
    },
    {
      name: "no head",
      input: { transport: "ws", previous, current: request([...context, hi, answer]) },
      expected: "full:no_baseline",
    },
    {
      name: "no previous request",
      input: { transport: "ws", head, current: request([...context, hi]) },
      expected: "full:no_baseline",
    },
    {
      name: "effort changed",
      input: {
        transport: "ws",
        previous,
        head,
        current: request([...context, hi, answer, more], { effort: "high" }),
      },
      expected: "full:properties_changed:reasoning",
    },
    {
      name: "model and output schema changed",
      input: {
        transport: "ws",
        previous,
        head,
        current: request([...context, hi, answer, more], {
          model: "demo-2",
          outputSchema: { name: "out", schema: { type: "object" } },
        }),
      },
      expected: "full:properties_changed:model,text",
    },
    {
      name: "effort removed also drops include",
      input: {
        transport: "ws",
        previous,
        head,
        current: request([...context, hi, answer, more], { effort: undefined }),
      },
      expected: "full:properties_changed:reasoning,include",
    },
    {
      name: "an earlier item edited",
      input: {
        transport: "ws",
        previous,
        head,
        current: request([context[0]!, userMessage("edited"), hi, answer, more]),
      },
      expected: "full:prefix_mismatch@1",
    },
    {
      name: "the head's output differs from history",
      input: {
        transport: "ws",
        previous,
        head,
        current: request([...context, hi, { ...answer, id: "msg_2" }, more]),
      },
      expected: "full:prefix_mismatch@3",
    },
    {
      name: "history shorter than the baseline",
      input: { transport: "ws", previous, head, current: request([...context, more]) },
      expected: "full:input_shorter",
    },
    {
      name: "forced reasons win over a valid chain",
      input: {
        transport: "ws",
        previous,
        head,
        current: request([...context, hi, answer, more]),
        forcedReason: "epoch_reset:compact",
      },
      expected: "full:epoch_reset:compact",
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const plan = planWireRequest(c.input);
      expect(plan.kind === "full" ? `full:${plan.reason}` : plan.kind).toBe(c.expected);
      if (plan.kind === "incremental") {
        expect(plan.previousResponseId).toBe("resp_1");
        expect(plan.delta).toEqual(c.delta);
      }
    });
  }

  it("never puts prompt text into a reason", () => {
    const secret = userMessage("my secret prompt");
    const plan = planWireRequest({
      transport: "ws",
      previous,
      head,
      current: request([secret, hi, answer]),
    });
    expect(plan.kind).toBe("full");
    expect(JSON.stringify(plan)).not.toContain("secret");
  });

  it("compares items as canonical JSON, not by key order", () => {
    const reordered: ResponseItem = {
      content: answer.content ?? [],
      role: "assistant",
      id: "msg_1",
      type: "message",
    };
    const plan = planWireRequest({
      transport: "ws",
      previous,
      head,
      current: request([...context, hi, reordered, more]),
    });
    expect(plan.kind).toBe("incremental");
  });
});
