import { describe, expect, it } from "vitest";
import { developerMessage, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { PrefixIndex } from "../../src/session/cache/prefix-index.js";
import { chainOf } from "../../src/session/prompt/digest.js";
import type { PlannedRequest } from "../../src/session/wire/plan.js";
import { buildRequestBody } from "../../src/session/wire/request.js";
import type { SessionSettings } from "../../src/session/wire/session-settings.js";

const tools = [
  {
    type: "function" as const,
    name: "shell_command",
    description: "Run a command",
    strict: false,
    parameters: { type: "object", properties: { command: { type: "string" } } },
  },
];

function request(input: ResponseItem[], settings: Partial<SessionSettings> = {}): PlannedRequest {
  const body = buildRequestBody(
    {
      sessionId: "s-1",
      instructions: "be brief",
      tools,
      settings: { model: "demo-1", effort: "medium", ...settings },
    },
    input,
  );
  return { body, chain: chainOf(input) };
}

const context = [developerMessage("sandbox"), userMessage("<environment_context>")];
const turn = (n: number): ResponseItem[] => [
  userMessage(`question ${n}`),
  { type: "message", role: "assistant", content: [{ type: "output_text", text: `answer ${n}` }] },
];
const history = (turns: number): ResponseItem[] => [
  ...context,
  ...Array.from({ length: turns }, (_, n) => turn(n)).flat(),
];

/** Look a request up, then record it as completed with `tokens` of input at `at`. */
function send(index: PrefixIndex, seq: number, req: PlannedRequest, at = 0) {
  const lookup = index.lookup(req);
  index.record(seq, lookup, 2000, at);
  return lookup;
}

describe("PrefixIndex: the earlier request with the longest common prefix", () => {
  it("the first request shares nothing; a continuation shares the whole earlier input", () => {
    const index = new PrefixIndex();
    const first = send(index, 1, request(history(1)));
    expect(first.sharedPrefix).toBeNull();
    expect(first.best).toBeUndefined();
    const second = send(index, 2, request(history(2)));
    expect(second.sharedPrefix).toEqual({ seq: 1, items: 4 });
    expect(second.changedFields).toEqual([]);
    const third = index.lookup(request(history(5)));
    expect(third.sharedPrefix).toEqual({ seq: 2, items: 6 });
    expect(third.best).toMatchObject({ seq: 2, items: 6, inputTokens: 2000 });
  });

  it("an edited item shows where the prefix left the earlier one", () => {
    const index = new PrefixIndex();
    send(index, 1, request(history(3)));
    const edited = history(3);
    edited[4] = userMessage("question 1, edited");
    const lookup = index.lookup(request(edited));
    expect(lookup.sharedPrefix).toEqual({ seq: 1, items: 4 });
    expect(lookup.best?.items).toBe(8);
  });

  it("an effort switch finds the same input under other fields and names the field", () => {
    const index = new PrefixIndex();
    send(index, 1, request(history(2), { effort: "low" }));
    const switched = index.lookup(request(history(3), { effort: "high" }));
    expect(switched.sharedPrefix).toEqual({ seq: 1, items: 6 });
    expect(switched.changedFields).toEqual(["reasoning"]);
    expect(switched.prefixDigest).not.toBe(index.lookup(request(history(3))).prefixDigest);
  });

  it("on a tie, prefers the earlier request with the same fields (its cache entry applies)", () => {
    const index = new PrefixIndex();
    send(index, 1, request(history(2), { effort: "low" }));
    send(index, 2, request(history(2), { effort: "high" }));
    const back = index.lookup(request(history(3), { effort: "low" }));
    expect(back.sharedPrefix).toEqual({ seq: 1, items: 6 });
    expect(back.changedFields).toEqual([]);
  });

  it("prefers the request with the same fields even when another shares more (a lane's head)", () => {
    const index = new PrefixIndex();
    send(index, 1, request(history(2), { effort: "low" }));
    send(index, 2, request(history(4), { effort: "high" }));
    const back = index.lookup(request(history(5), { effort: "low" }));
    expect(back.sharedPrefix).toEqual({ seq: 1, items: 6 });
    expect(back.changedFields).toEqual([]);
  });

  it("the same input and fields give the same digest; any item or field changes it", () => {
    const index = new PrefixIndex();
    const a = index.lookup(request(history(2))).prefixDigest;
    expect(index.lookup(request(history(2))).prefixDigest).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(index.lookup(request(history(3))).prefixDigest).not.toBe(a);
    expect(index.lookup(request(history(2), { model: "demo-2" })).prefixDigest).not.toBe(a);
  });

  it("with no shared item at all, compares with the latest request (prefix changed at 0)", () => {
    const index = new PrefixIndex();
    send(index, 1, request(history(2)));
    send(index, 2, request(history(3)));
    const other = index.lookup(request([userMessage("a fresh start")]));
    expect(other.sharedPrefix).toEqual({ seq: 2, items: 0 });
    expect(other.best?.items).toBe(8);
  });
});

describe("PrefixIndex.seed: a resumed session's last request, known from its ledger row", () => {
  it("is an earlier request when the resumed input starts with exactly its prefix", () => {
    const before = new PrefixIndex();
    const last = before.lookup(request(history(2)));
    const row = { seq: 9, items: 6, inputTokens: 3000, at: 5, prefixDigest: last.prefixDigest };

    const resumed = new PrefixIndex();
    expect(resumed.seed(request(history(3)), row)).toBe(true);
    const lookup = resumed.lookup(request(history(3)));
    expect(lookup.sharedPrefix).toEqual({ seq: 9, items: 6 });
    expect(lookup.best).toEqual({ seq: 9, items: 6, inputTokens: 3000, at: 5 });
  });

  it("is ignored when the fields or the items differ (nothing known to share)", () => {
    const last = new PrefixIndex().lookup(request(history(2))).prefixDigest;
    const row = { seq: 9, items: 6, inputTokens: 3000, at: 5, prefixDigest: last };
    const otherEffort = new PrefixIndex();
    expect(otherEffort.seed(request(history(3), { effort: "high" }), row)).toBe(false);
    expect(otherEffort.lookup(request(history(3))).sharedPrefix).toBeNull();
    const edited = history(3);
    edited[2] = userMessage("another question");
    expect(new PrefixIndex().seed(request(edited), row)).toBe(false);
    expect(new PrefixIndex().seed(request(history(1)), row)).toBe(false);
  });
});
