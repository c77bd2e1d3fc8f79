import { afterEach, describe, expect, it } from "vitest";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { SUMMARY_PREFIX } from "../../src/turn/compaction/compaction.js";
import { type Harness, modes, startHarness, wireInput } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("edited history (issue 3, done-when 3)", () => {
  it("editing an earlier item sends a full request naming the index", async () => {
    h = await startHarness();
    await h.session.send("one");
    await h.session.send("two");
    const index = h.session.history().findIndex((item) => JSON.stringify(item).includes('"one"'));
    h.session.replaceHistoryItem(index, userMessage("one, edited"));
    expect(h.session.status().next).toMatchObject({
      mode: "full",
      reason: `prefix_mismatch@${index}`,
    });
    await h.session.send("three");
    expect(modes(h).slice(-1)).toEqual([`ws_full:prefix_mismatch@${index}`]);
    expect(h.requests().at(-1)?.previousResponseId).toBeUndefined();
    expect(JSON.stringify(wireInput(h.requests().at(-1)))).toContain("one, edited");
    await h.session.send("four");
    expect(modes(h).at(-1)).toBe("ws_incremental");
  });

  it("removing items sends a full request: input_shorter", async () => {
    h = await startHarness();
    await h.session.send("one");
    const afterOne = h.session.history().length;
    await h.session.send("two");
    h.session.truncateHistory(afterOne);
    await h.session.send("two again");
    expect(modes(h).at(-1)).toBe("ws_full:input_shorter");
    expect(wireInput(h.requests().at(-1))).toHaveLength(afterOne + 1);
  });
});

describe("frozen tool outputs (issue 3, done-when 5)", () => {
  it("a re-rendered output of the same call_id does not break the chain", async () => {
    h = await startHarness();
    await h.session.send("run: echo frozen");
    const output = h.session
      .history()
      .find(
        (item): item is ResponseItem & { call_id: string; output: string } =>
          item.type === "function_call_output",
      );
    expect(output).toBeDefined();
    expect(h.session.rerenderToolOutput(output!.call_id, "re-rendered: something else")).toBe(true);
    expect(JSON.stringify(h.session.history())).toContain("re-rendered: something else");
    await h.session.send("next");
    expect(modes(h).at(-1)).toBe("ws_incremental");
    expect(wireInput(h.requests().at(-1))).toHaveLength(1);
    // a later full request (an effort change starts a new lane) replays the output the model first saw
    h.session.update({ effort: "low" });
    await h.session.send("after");
    const full = JSON.stringify(wireInput(h.requests().at(-1)));
    expect(modes(h).at(-1)).toBe("ws_full:lane_new");
    expect(full).toContain(JSON.stringify(output!.output).slice(1, -1));
    expect(full).not.toContain("re-rendered: something else");
  });
});

describe("compaction (issue 3, done-when 6)", () => {
  it("replaces history with context + summary, then resets the epoch once", async () => {
    h = await startHarness();
    await h.session.send("one");
    await h.session.send("two");
    const result = await h.session.compact();
    expect(result.ok).toBe(true);
    const history = h.session.history();
    expect(history.map((item) => item.role)).toEqual(["developer", "user", "user"]);
    expect(JSON.stringify(history.at(-1))).toContain(SUMMARY_PREFIX);
    expect(h.session.status().next).toMatchObject({ mode: "full", reason: "epoch_reset:compact" });
    await h.session.send("three");
    await h.session.send("four");
    expect(modes(h).slice(-3)).toEqual([
      "ws_incremental", // the summary request itself chains
      "ws_full:epoch_reset:compact",
      "ws_incremental",
    ]);
    expect(wireInput(h.requests().at(-2))).toHaveLength(4);
  });

  it("the demo model answers /compact with a summary of what was asked, not an echo", async () => {
    h = await startHarness();
    await h.session.send("run: echo hi");
    await h.session.send("what next?");
    const result = await h.session.compact();
    expect(result.ok).toBe(true);
    expect(result.lastMessage).not.toContain("You said");
    expect(result.lastMessage).toContain("- run: echo hi");
    expect(result.lastMessage).toContain("- what next?");
    const stored = JSON.stringify(h.session.history().at(-1));
    expect(stored).toContain("- what next?");
    expect(stored).not.toContain("Exit code");
  });
});
