import { describe, expect, it } from "vitest";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { chainOf } from "../../src/session/prompt/digest.js";
import { RequestChain } from "../../src/session/wire/chain.js";
import type { PlannedRequest } from "../../src/session/wire/plan.js";
import { buildRequestBody } from "../../src/session/wire/request.js";

function request(input: ResponseItem[]): PlannedRequest {
  const frame = { sessionId: "s", instructions: "i", tools: [], settings: { model: "m" } };
  return { body: buildRequestBody(frame, input), chain: chainOf(input) };
}
const a = userMessage("a");
const b = userMessage("b");
const reply: ResponseItem = { type: "message", role: "assistant", content: [] };

function describePlan(plan: ReturnType<RequestChain["plan"]>): string {
  return plan.kind === "full" ? `full:${plan.reason}` : `incremental:${plan.delta.length}`;
}

describe("RequestChain (one lane)", () => {
  it("chains only after response.completed, and consumes the head once", () => {
    const chain = new RequestChain();
    const first = request([a]);
    expect(describePlan(chain.plan(first, "ws", "c1"))).toBe("full:no_baseline");
    chain.accepted(first, "c1");
    chain.completed("resp_1", [reply]);
    const second = request([a, reply, b]);
    expect(describePlan(chain.plan(second, "ws", "c1"))).toBe("incremental:1");
    // the head was consumed: planning again without a new completion cannot chain
    expect(describePlan(chain.plan(second, "ws", "c1"))).toBe("full:no_baseline");
  });

  it("never commits a failed stream and forces the next request full", () => {
    const chain = new RequestChain();
    chain.accepted(request([a]), "c1");
    chain.completed("resp_1", [reply]);
    const next = request([a, reply, b]);
    chain.plan(next, "ws", "c1");
    chain.accepted(next, "c1");
    chain.failed("reconnected");
    chain.completed("resp_late", []); // nothing pending: ignored
    expect(describePlan(chain.plan(next, "ws", "c2"))).toBe("full:reconnected");
  });

  it("does not chain across connections", () => {
    const chain = new RequestChain();
    chain.accepted(request([a]), "c1");
    chain.completed("resp_1", [reply]);
    expect(describePlan(chain.plan(request([a, reply, b]), "ws", "c2"))).toBe("full:reconnected");
  });

  it("a rate-limited request is planned again for the same reason", () => {
    const chain = new RequestChain();
    chain.accepted(request([a]), "c1");
    chain.completed("resp_1", [reply]);
    chain.reset("epoch_reset:compact");
    const next = request([a, reply, b]);
    expect(describePlan(chain.plan(next, "ws", "c1"))).toBe("full:epoch_reset:compact");
    chain.accepted(next, "c1");
    chain.retrySame();
    expect(describePlan(chain.plan(next, "ws", "c1"))).toBe("full:epoch_reset:compact");
  });

  it("a forced chain goes full once for that reason, then chains again", () => {
    const chain = new RequestChain("high");
    chain.accepted(request([a]), "c1");
    chain.completed("resp_1", [reply]);
    chain.force("lane_fallback");
    const next = request([a, reply, b]);
    expect(describePlan(chain.plan(next, "ws", "c1"))).toBe("full:lane_fallback");
    chain.accepted(next, "c1");
    chain.completed("resp_2", [reply]);
    expect(describePlan(chain.plan(request([a, reply, b, reply, b]), "ws", "c1"))).toBe(
      "incremental:1",
    );
  });
});

describe("RequestChain: a rate-limited retry takes back only its own planning", () => {
  it("a head from another connection stays unchained after the retry", () => {
    const chain = new RequestChain();
    chain.accepted(request([a]), "c1");
    chain.completed("resp_1", [reply]);
    const next = request([a, reply, b]);
    // the socket was replaced between turns: the head lives on c1
    expect(describePlan(chain.plan(next, "ws", "c2"))).toBe("full:reconnected");
    chain.accepted(next, "c2");
    chain.retrySame();
    expect(describePlan(chain.plan(next, "ws", "c2"))).toBe("full:reconnected");
  });

  it("an epoch reset while the request was out is not undone by the retry", () => {
    const chain = new RequestChain();
    chain.accepted(request([a]), "c1");
    chain.completed("resp_1", [reply]);
    const next = request([a, reply, b]);
    expect(describePlan(chain.plan(next, "ws", "c1"))).toBe("incremental:1");
    chain.accepted(next, "c1");
    chain.reset("epoch_reset:new");
    chain.retrySame();
    expect(describePlan(chain.plan(next, "ws", "c1"))).toBe("full:epoch_reset:new");
  });

  it("a force while the request was out holds through completion and retry", () => {
    const chain = new RequestChain();
    chain.accepted(request([a]), "c1");
    chain.completed("resp_1", [reply]);
    const next = request([a, reply, b]);
    chain.plan(next, "ws", "c1");
    chain.accepted(next, "c1");
    chain.force("lane_consumed");
    expect(chain.forcedFull).toBe(true);
    chain.retrySame();
    expect(describePlan(chain.plan(next, "ws", "c1"))).toBe("full:lane_consumed");
    chain.accepted(next, "c1");
    chain.force("lane_consumed");
    chain.completed("resp_2", [reply]);
    expect(chain.current).toEqual({ kind: "unchained", reason: "lane_consumed" });
  });
});
