import { describe, expect, test } from "vitest";
import type { ResponseItem } from "../../src/protocol/items.js";
import { userMessage } from "../../src/protocol/items.js";
import { collaborationModeMessage } from "../../src/session/context/collaboration-mode.js";
import { decider, outputsOf, textOf } from "./model-helpers.js";

const decide = decider([
  { name: "shell_command", type: "function" },
  { name: "apply_patch", type: "custom" },
  { name: "request_user_input", type: "function" },
]);

const plan = collaborationModeMessage("plan");
const asked = (output: string): ResponseItem[] => {
  const question = outputsOf(decide([plan, userMessage("add a greeting")]))[0] as {
    arguments: string;
  };
  return [
    plan,
    userMessage("add a greeting"),
    {
      type: "function_call",
      name: "request_user_input",
      call_id: "q1",
      arguments: question.arguments,
    },
    { type: "function_call_output", call_id: "q1", output },
  ];
};

// The demo model's Plan-mode rules (README's demo table): a question, a plan, its implementation.
describe("the demo model in Plan mode", () => {
  test("a task gets one question with three choices, then a plan writing the file chosen", () => {
    const [call] = outputsOf(decide([plan, userMessage("add a greeting")]));
    expect(call).toMatchObject({ type: "function_call", name: "request_user_input" });
    const args = JSON.parse((call as { arguments: string }).arguments);
    expect(args.questions[0].options).toHaveLength(3);
    const answer = JSON.stringify({ answers: { file: { answers: ["my/own.txt"] } } });
    const text = textOf(outputsOf(decide(asked(answer)))[0]);
    expect(text).toContain("<proposed_plan>\n# Plan: add a greeting");
    expect(text).toContain("write my/own.txt: add a greeting\n</proposed_plan>");
    // no answer (dismissed, refused): the first choice, said as assumed
    const assumed = textOf(outputsOf(decide(asked("request_user_input: the user dismissed")))[0]);
    expect(assumed).toMatch(
      /^No answer \(request_user_input: the user dismissed\): I assumed hello\.txt\./,
    );
  });

  test("Implement the plan. in Default mode: the last plan's write steps as one patch", () => {
    const answer = JSON.stringify({ answers: { file: { answers: ["docs/hello.txt"] } } });
    const proposal = textOf(outputsOf(decide(asked(answer)))[0]);
    const context: ResponseItem[] = [
      ...asked(answer),
      { type: "message", role: "assistant", content: [{ type: "output_text", text: proposal }] },
      collaborationModeMessage("default"),
      userMessage("Implement the plan."),
    ];
    const [patch] = outputsOf(decide(context));
    expect(patch).toMatchObject({ type: "custom_tool_call", name: "apply_patch" });
    expect((patch as { input: string }).input).toContain(
      "*** Add File: docs/hello.txt\n+add a greeting",
    );
    expect(textOf(outputsOf(decide("Implement the plan."))[0])).toBe(
      "There is no proposed plan to implement.",
    );
  });
});
