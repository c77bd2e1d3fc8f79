import { describe, expect, it } from "vitest";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";
import type { ReasoningEffort } from "../../src/protocol/request.js";
import { isValidStreamId } from "../../src/protocol/request.js";
import { chainOf } from "../../src/session/prompt/digest.js";
import { laneKeyOf, laneLabel, streamIdOf } from "../../src/session/wire/lane-keys.js";
import { type Lane, LaneTable, type LaneTableOptions } from "../../src/session/wire/lanes.js";
import type { PlannedRequest } from "../../src/session/wire/plan.js";
import { buildRequestBody } from "../../src/session/wire/request.js";
import type { SessionSettings } from "../../src/session/wire/session-settings.js";

function request(input: ResponseItem[], settings: Partial<SessionSettings> = {}): PlannedRequest {
  const frame = {
    sessionId: "s",
    instructions: "i",
    tools: [],
    settings: { model: "gpt-5", ...settings },
  };
  return { body: buildRequestBody(frame, input), chain: chainOf(input) };
}
const at = (effort: ReasoningEffort, input: ResponseItem[] = []) => request(input, { effort });
const reply: ResponseItem = { type: "message", role: "assistant", content: [] };

function table(options: Partial<LaneTableOptions> = {}): { lanes: LaneTable; dropped: Lane[] } {
  const dropped: Lane[] = [];
  const lanes = new LaneTable({
    lanes: true,
    maxLanes: 4,
    sessionModel: "gpt-5",
    maxRequestsPerEpoch: 0,
    onDropped: (lane) => dropped.push(lane),
    ...options,
  });
  return { lanes, dropped };
}

/** Plan `current` on its lane, send it on `c1` and complete it: what the planner decided. */
function send(lanes: LaneTable, current: PlannedRequest): string {
  const lane = lanes.select(current.body);
  const plan = lane.chain.plan(current, "ws", "c1");
  lane.chain.accepted(current, "c1");
  lanes.count(lane);
  lane.chain.completed(`resp_${lane.requests}`, [reply]);
  const mode = plan.kind === "full" ? `full:${plan.reason}` : `incremental:${plan.delta.length}`;
  return `${lane.label} ${mode}`;
}

describe("lane keys and labels", () => {
  it("a compared field the label does not show (instructions) opens a #2 lane; the old one stays until dropped", () => {
    const { lanes, dropped } = table({ maxLanes: 3 });
    const withInstructions = (instructions: string) => ({
      ...at("medium"),
      body: { ...at("medium").body, instructions },
    });
    expect(send(lanes, withInstructions("one"))).toBe("medium full:no_baseline");
    expect(send(lanes, withInstructions("two"))).toBe("medium#2 full:lane_new");
    expect(lanes.all.map((lane) => lane.label)).toEqual(["medium", "medium#2"]);
    send(lanes, at("high"));
    send(lanes, at("low"));
    expect(dropped.map((lane) => lane.label)).toEqual(["medium"]);
  });

  it("the key is the compared fields other than input", () => {
    expect(laneKeyOf(at("high", [userMessage("a")]).body)).toBe(laneKeyOf(at("high").body));
    expect(laneKeyOf(at("high").body)).not.toBe(laneKeyOf(at("medium").body));
    expect(laneKeyOf(request([], { model: "o3" }).body)).not.toBe(
      laneKeyOf(request([], { model: "gpt-5" }).body),
    );
  });

  it("labels name the effort, and the model when it is not the session's", () => {
    expect(laneLabel(at("medium").body, "gpt-5")).toBe("medium");
    expect(laneLabel(request([], { model: "gpt-5-codex", effort: "high" }).body, "gpt-5")).toBe(
      "gpt-5-codex·high",
    );
    expect(laneLabel(request([]).body, "gpt-5")).toBe("default");
    expect(laneLabel(request([], { effort: "low", serviceTier: "flex" }).body, "gpt-5")).toBe(
      "low·flex",
    );
  });

  it("stream ids are valid for any label", () => {
    for (const label of ["medium", "gpt-5-codex·high", "a b/c#2", "x".repeat(300), ""]) {
      expect(isValidStreamId(streamIdOf(label)), label).toBe(true);
    }
    expect(streamIdOf("gpt-5-codex·high")).toBe("gpt-5-codex.high");
  });
});

describe("LaneTable", () => {
  it("toggling effort back and forth continues each lane with only the new items", () => {
    const { lanes } = table();
    let input: ResponseItem[] = [userMessage("one")];
    const plans: string[] = [];
    for (const effort of ["medium", "high", "medium", "high", "medium"] as const) {
      plans.push(send(lanes, at(effort, input)));
      input = [...input, reply, userMessage(`after ${effort}`)];
    }
    expect(plans).toEqual([
      "medium full:no_baseline",
      "high full:lane_new",
      // medium's baseline [one, reply] is a prefix: the delta is the 3 items added since
      // (its next user message, high's reply, the next user message)
      "medium incremental:3",
      "high incremental:3",
      "medium incremental:3",
    ]);
    expect(lanes.all.map((lane) => [lane.label, lane.streamId, lane.requests])).toEqual([
      ["medium", undefined, 3],
      ["high", "high", 2],
    ]);
  });

  it("off keeps one chain: every effort change is a full request on it", () => {
    const { lanes } = table({ lanes: false });
    const input = [userMessage("one")];
    expect(send(lanes, at("medium", input))).toBe("default full:no_baseline");
    expect(send(lanes, at("high", [...input, reply]))).toBe(
      "default full:properties_changed:reasoning",
    );
    expect(lanes.size).toBe(1);
  });

  it("keeps at most maxLanes, dropping the least recently used", () => {
    const { lanes, dropped } = table({ maxLanes: 2 });
    send(lanes, at("low"));
    send(lanes, at("medium"));
    send(lanes, at("low")); // low is now the most recent
    send(lanes, at("high"));
    expect(dropped.map((lane) => lane.label)).toEqual(["medium"]);
    expect(lanes.all.map((lane) => lane.label)).toEqual(["low", "high"]);
    expect(send(lanes, at("medium"))).toBe("medium full:lane_new");
  });

  it("one epoch spans every lane: the request budget counts them all and resets them all", () => {
    const resets: string[] = [];
    const { lanes } = table({ maxRequestsPerEpoch: 3, onEpochReset: (why) => resets.push(why) });
    let input: ResponseItem[] = [userMessage("one")];
    const plans: string[] = [];
    for (const effort of ["medium", "high", "medium", "high"] as const) {
      lanes.applyEpochLimit();
      plans.push(send(lanes, at(effort, input)));
      input = [...input, reply, userMessage("next")];
    }
    expect(plans.at(-1)).toBe("high full:epoch_reset:max_requests");
    expect(resets).toEqual(["max_requests"]);
    lanes.resetEpoch("compact");
    expect(send(lanes, at("medium", input))).toBe("medium full:epoch_reset:compact");
  });

  it("a model lane is labelled with its model", () => {
    const { lanes } = table();
    send(lanes, at("high"));
    expect(send(lanes, request([], { model: "gpt-5-codex", effort: "high" }))).toBe(
      "gpt-5-codex·high full:lane_new",
    );
  });
});
