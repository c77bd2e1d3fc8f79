import { describe, expect, it } from "vitest";
import { ABORTED_OUTPUT, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import type { SessionEvent } from "../../src/session/events.js";
import type { CompletedResponse } from "../../src/session/wire/response-stream.js";
import type { SampleCall } from "../../src/session/wire/wire-attempt.js";
import { resolveSettings } from "../../src/settings/index.js";
import { runTurnLoop, ToolRoundLimitError, TurnAbortedError } from "../../src/turn/turn-loop.js";
import { EchoRouter } from "./tools.js";

/** A scripted model: answers each request with the next response of the script. */
function scriptedModel(script: (round: number) => ResponseItem[]) {
  let round = 0;
  return {
    async sample(call: SampleCall): Promise<CompletedResponse> {
      call.build();
      const items = script(round++);
      for (const item of items) call.onEvent({ type: "response.output_item.done", item });
      return { responseId: `resp_${round}`, items };
    },
  };
}

const call = (name: string, i: number, args = "{}"): ResponseItem => ({
  type: "function_call",
  name,
  arguments: args,
  call_id: `call_${i}`,
});

function deps(
  model: ReturnType<typeof scriptedModel>,
  router: EchoRouter,
  controller = new AbortController(),
) {
  const history: ResponseItem[] = [userMessage("go")];
  const events: SessionEvent[] = [];
  return {
    history,
    events,
    run: (maxToolRounds?: number) =>
      runTurnLoop({
        turn: 1,
        signal: controller.signal,
        client: model,
        tools: router,
        build: () => ({ body: {} as never, chain: [] }),
        append: (items) => history.push(...items),
        emit: (event) => events.push(event),
        onRequestStarted: () => {},
        onRequestFinished: () => {},
        cwd: "/tmp",
        workspaceRoots: ["/tmp"],
        sandbox: "read-only",
        config: resolveSettings(
          maxToolRounds === undefined ? {} : { max_tool_rounds: maxToolRounds },
        ),
      }),
  };
}

describe("runTurnLoop", () => {
  it("stops a model that never stops calling tools, with every call answered", async () => {
    const router = new EchoRouter();
    const t = deps(
      scriptedModel((i) => [call("echo", i, `{"text":"round ${i}"}`)]),
      router,
    );
    await expect(t.run(3)).rejects.toThrow(ToolRoundLimitError);
    await expect(
      deps(
        scriptedModel((i) => [call("echo", i)]),
        new EchoRouter(),
      ).run(3),
    ).rejects.toThrow("stopped after 3 tool rounds");
    expect(router.executed).toEqual(["echo", "echo", "echo"]);
    const calls = t.history.filter((item) => item.type === "function_call");
    const outputs = t.history.filter((item) => item.type === "function_call_output");
    expect(outputs.map((o) => o.call_id)).toEqual(calls.map((c) => c.call_id));
    expect(outputs.at(-1)?.output).toContain("tool round limit");
    expect(outputs[0]?.output).toBe("echo: round 0");
  });

  it("records aborted outputs for calls that never ran after an interrupt", async () => {
    const controller = new AbortController();
    const router = new EchoRouter(() => controller.abort());
    const t = deps(
      scriptedModel(() => [call("abort_turn", 1), call("echo", 2), call("echo", 3)]),
      router,
      controller,
    );
    await expect(t.run()).rejects.toThrow(TurnAbortedError);
    expect(router.executed).toEqual(["abort_turn"]);
    const outputs = t.history.filter((item) => item.type === "function_call_output");
    expect(outputs.map((o) => [o.call_id, o.output])).toEqual([
      ["call_1", "interrupting"],
      ["call_2", ABORTED_OUTPUT],
      ["call_3", ABORTED_OUTPUT],
    ]);
  });

  it("ends the turn with the last assistant message when no tools are called", async () => {
    const router = new EchoRouter();
    const answer: ResponseItem = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "done" }],
    };
    const t = deps(
      scriptedModel((i) => (i === 0 ? [call("echo", 0, '{"text":"x"}')] : [answer])),
      router,
    );
    const outcome = await t.run();
    expect(outcome.lastMessage).toBe("done");
    expect(t.events.map((e) => (e.type === "tool_call_state" ? e.status : e.type))).toEqual([
      "item_completed",
      "tool_call_started",
      "received",
      "planned",
      "running",
      "tool",
      "done",
      "tool_call_finished",
      "item_completed",
    ]);
  });
});
