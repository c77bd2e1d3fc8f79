import { describe, expect, test } from "vitest";
import { unpairedAfter, unpairedToolItem } from "../../src/demo/server/pairing.js";
import type { ResponseItem } from "../../src/protocol/items.js";
import { userMessage } from "../../src/protocol/items.js";

const call = (id: string): ResponseItem => ({
  type: "function_call",
  name: "update_plan",
  arguments: "{}",
  call_id: id,
});
const output = (id: string): ResponseItem => ({
  type: "function_call_output",
  call_id: id,
  output: "ok",
});

describe("tool call pairing (what the Responses API refuses)", () => {
  const paired = [userMessage("hi"), call("a"), output("a")];

  test("a chained context is judged as a whole while only its new part is scanned", () => {
    expect(unpairedAfter([...paired, call("b"), output("b")], paired.length)).toBeUndefined();
    expect(unpairedAfter([...paired, call("b")], paired.length)).toBe(
      "No tool output found for function call b.",
    );
    expect(unpairedAfter([...paired, output("c")], paired.length)).toBe(
      "No tool call found for function call output with call_id c.",
    );
  });

  test("an output in the new part that answers an older call is found, as in a full scan", () => {
    const context = [userMessage("hi"), call("a"), output("a"), output("a")];
    expect(unpairedAfter(context, 3)).toBe(unpairedToolItem(context));
    expect(unpairedAfter(context, 3)).toBeUndefined();
  });
});
