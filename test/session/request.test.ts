import { describe, expect, it } from "vitest";
import { developerMessage, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { ConversationHistory, FrozenToolOutputs } from "../../src/session/context/history.js";
import { chainOf } from "../../src/session/prompt/digest.js";
import { RequestBuilder, type RequestFrame } from "../../src/session/wire/request.js";

const frame: RequestFrame = {
  sessionId: "sess-42",
  instructions: "You are helpful.",
  tools: [
    {
      type: "function",
      strict: false,
      name: "shell_command",
      description: "Run",
      parameters: { type: "object", required: ["command"], properties: { command: {} } },
    },
  ],
  settings: { model: "demo-1", effort: "low", reasoningSummary: "auto" },
};

const call: ResponseItem = {
  type: "function_call",
  name: "shell_command",
  arguments: '{"command":"ls"}',
  call_id: "call_1",
};
const output: ResponseItem = { type: "function_call_output", call_id: "call_1", output: "a b" };

function setup(items: ResponseItem[]) {
  const history = new ConversationHistory(items);
  const frozen = new FrozenToolOutputs();
  return { history, frozen, builder: new RequestBuilder(history, frozen) };
}

describe("RequestBuilder", () => {
  it("hashes the prefix chain when it is first read, not when the request is built", () => {
    let reads = 0;
    const counted = userMessage("counted");
    Object.defineProperty(counted, "role", {
      enumerable: true,
      get: () => {
        reads += 1;
        return "user";
      },
    });
    const { builder, history } = setup([developerMessage("dev"), counted]);
    const first = builder.build(frame);
    history.append([call, output]);
    const second = builder.build(frame);
    const readsToBuild = reads;
    expect(second.chain).toEqual(chainOf(second.body.input));
    expect(reads).toBeGreaterThan(readsToBuild); // the chain read the item only now
    // links are shared (a chain is read up to its own input's length)
    expect(first.chain.slice(0, 2)).toEqual(chainOf(first.body.input));
  });

  it("builds byte-identical JSON for the same history and settings", () => {
    const items = [developerMessage("dev"), userMessage("hi")];
    const a = setup(items).builder.build(frame);
    const b = setup(items).builder.build(frame);
    expect(JSON.stringify(a.body)).toBe(JSON.stringify(b.body));
    expect(a.body.prompt_cache_key).toBe("sess-42");
    expect(a.body.store).toBe(false);
    expect(a.body.stream).toBe(true);
    expect(a.body.include).toEqual(["reasoning.encrypted_content"]);
    expect(a.body.reasoning).toEqual({ effort: "low", summary: "auto" });
    expect(Object.keys(a.body)).toEqual([...Object.keys(a.body)].sort());
    expect(Object.keys(a.body.tools?.[0] ?? {})).toEqual([
      "description",
      "name",
      "parameters",
      "strict",
      "type",
    ]);
    expect(JSON.stringify(a.body.tools?.[0])).toContain('"properties":{"command":{}},"required"');
  });

  it("sends no reasoning or include when no effort is set, and text.format for a schema", () => {
    const { builder } = setup([userMessage("hi")]);
    const body = builder.build({
      ...frame,
      settings: { model: "m", outputSchema: { name: "answer", schema: { type: "object" } } },
    }).body;
    expect(body.reasoning).toBeUndefined();
    expect(body.include).toBeUndefined();
    expect(body.text?.format).toEqual({
      type: "json_schema",
      name: "answer",
      strict: true,
      schema: { type: "object" },
    });
  });

  it("replays the first output of a call after the output is re-rendered", () => {
    const { history, builder } = setup([userMessage("run ls"), call, output]);
    const first = builder.build(frame);
    expect(history.replaceToolOutput("call_1", "a b (re-rendered)")).toBe(true);
    const second = builder.build(frame);
    expect(second.body.input[2]).toEqual(output);
    expect(second.chain.at(-1)).toBe(first.chain.at(-1));
    expect(history.items[2]).toMatchObject({ output: "a b (re-rendered)" });
  });

  it("keeps its incremental prefix chain equal to one computed from scratch", () => {
    const { history, builder } = setup([developerMessage("dev")]);
    for (let i = 0; i < 20; i++) {
      history.append([userMessage(`m${i}`)]);
      if (i === 7) history.replaceAt(3, userMessage("edited"));
      if (i === 12) history.truncate(5);
      const built = builder.build(frame, i % 3 === 0 ? [userMessage("extra")] : []);
      expect(built.chain.slice(0, built.body.input.length)).toEqual(chainOf(built.body.input));
      expect(built.body.input.length).toBe(history.length + (i % 3 === 0 ? 1 : 0));
    }
  });
});
