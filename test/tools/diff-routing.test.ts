import { describe, expect, it } from "vitest";
import { parseServerEvent } from "../../src/protocol/events.js";
import { resolveSettings } from "../../src/settings/index.js";
import { DiffConsumerRouter } from "../../src/tools/diff-routing.js";
import { createToolRouter } from "../../src/tools/index.js";
import type { DiffConsumer, PatchPreview, ToolEvent } from "../../src/tools/types.js";

const PATCH = "*** Begin Patch\n*** Add File: a.txt\n+one\n+two\n*** End Patch\n";

const added = (item: Record<string, unknown>) =>
  parseServerEvent({ type: "response.output_item.added", output_index: 0, item });
const done = (item: Record<string, unknown>) =>
  parseServerEvent({ type: "response.output_item.done", output_index: 0, item });
const delta = (delta: string, ids: { call_id?: string; item_id?: string }) =>
  parseServerEvent({
    type: "response.custom_tool_call_input.delta",
    output_index: 0,
    delta,
    ...ids,
  });

const patchCall = {
  type: "custom_tool_call",
  id: "ctc_1",
  name: "apply_patch",
  call_id: "call_1",
  input: "",
};

function previews(events: ToolEvent[]): PatchPreview[] {
  return events.flatMap((e) => (e.type === "patch_preview" ? [e.preview] : []));
}

describe("DiffConsumerRouter", () => {
  it("streams an apply_patch call into previews and finishes before the done item", () => {
    const events: ToolEvent[] = [];
    const routing = new DiffConsumerRouter(createToolRouter(), (e) => events.push(e));
    routing.onEvent(added(patchCall));
    for (let i = 0; i < PATCH.length; i += 5)
      routing.onEvent(delta(PATCH.slice(i, i + 5), { item_id: "ctc_1" }));
    routing.onEvent(done({ ...patchCall, input: PATCH }));
    const last = previews(events).at(-1);
    expect(last?.done).toBe(true);
    expect(last?.files).toEqual([{ path: "a.txt", kind: "add", linesAdded: 2, linesRemoved: 0 }]);
    expect(events.every((e) => e.type === "patch_preview" && e.callId === "call_1")).toBe(true);
  });

  it("skips deltas of another call and never routes function-call arguments", () => {
    const events: ToolEvent[] = [];
    const routing = new DiffConsumerRouter(createToolRouter(), (e) => events.push(e));
    routing.onEvent(added(patchCall));
    routing.onEvent(delta("*** Begin Patch\n*** Delete File: other\n", { call_id: "call_other" }));
    routing.onEvent(delta("*** Begin Patch\n*** Delete File: wrong-item\n", { item_id: "ctc_2" }));
    routing.onEvent(
      parseServerEvent({
        type: "response.function_call_arguments.delta",
        item_id: "ctc_1",
        delta: "*** Begin Patch\n",
      }),
    );
    routing.onEvent(delta(PATCH, { call_id: "call_1" }));
    routing.onEvent(done({ ...patchCall, input: PATCH }));
    expect(
      previews(events)
        .at(-1)
        ?.files.map((f) => f.path),
    ).toEqual(["a.txt"]);
  });

  it("creates no consumer for a function call of apply_patch", () => {
    const events: ToolEvent[] = [];
    const routing = new DiffConsumerRouter(
      createToolRouter({ config: resolveSettings({ apply_patch_tool_type: "function" }) }),
      (e) => events.push(e),
    );
    const fn = {
      type: "function_call",
      id: "fc_1",
      name: "apply_patch",
      call_id: "call_1",
      arguments: "",
    };
    routing.onEvent(added(fn));
    routing.onEvent(delta(PATCH, { call_id: "call_1" }));
    routing.onEvent(done(fn));
    expect(events).toEqual([]);
  });

  it("swallows a consumer that throws: previews stop, nothing escapes", () => {
    let finished = false;
    const throwing: DiffConsumer = {
      push: () => {
        throw new Error("bad consumer");
      },
      finish: () => {
        finished = true;
      },
    };
    const routing = new DiffConsumerRouter({ createDiffConsumer: () => throwing }, () => {});
    routing.onEvent(added(patchCall));
    expect(() => routing.onEvent(delta("x", { call_id: "call_1" }))).not.toThrow();
    expect(() => routing.onEvent(done(patchCall))).not.toThrow();
    expect(finished).toBe(false);
  });
});
