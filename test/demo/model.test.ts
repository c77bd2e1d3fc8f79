import { describe, expect, test } from "vitest";
import { type DemoDecision, GREETING } from "../../src/demo/model/model.js";
import type { DemoOutput } from "../../src/demo/model/model-tools.js";
import { developerMessage, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import {
  COMPACTION_PROMPT,
  compactionRequestItem,
  SUMMARY_PREFIX,
} from "../../src/turn/compaction/compaction.js";
import { decider, outputsOf, textOf } from "./model-helpers.js";

const ALL_TOOLS = [
  { name: "shell_command", type: "function" },
  { name: "update_plan", type: "function" },
  { name: "apply_patch", type: "custom" },
];

const decide = decider(ALL_TOOLS);

function only(decision: DemoDecision): DemoOutput {
  const outputs = outputsOf(decision);
  expect(outputs).toHaveLength(1);
  return outputs[0]!;
}

describe("demo model rules", () => {
  test("repeat N: run: calls the command N times in one turn, then answers", () => {
    const call = (n: number): ResponseItem => ({
      type: "function_call",
      name: "shell_command",
      arguments: '{"command":"echo hi"}',
      call_id: `call_${n}`,
    });
    const out = (n: number): ResponseItem => ({
      type: "function_call_output",
      call_id: `call_${n}`,
      output: "Exit code: 0\nWall time: 0 seconds\nOutput:\nhi\n",
    });
    const turn: ResponseItem[] = [userMessage("repeat 3: run: echo hi")];
    expect(only(decide(turn))).toMatchObject({ type: "function_call", name: "shell_command" });
    for (let n = 1; n <= 3; n++) {
      turn.push(call(n), out(n));
      const next = only(decide(turn));
      if (n < 3)
        expect(next).toMatchObject({ type: "function_call", arguments: '{"command":"echo hi"}' });
      else expect(textOf(next)).toBe("Ran the command. Exit code 0.");
    }
  });

  test("parallel N: plan: answers with N update_plan calls in one response", () => {
    const outputs = outputsOf(decide("parallel 3: plan: read; test"));
    expect(outputs).toHaveLength(3);
    for (const output of outputs) {
      expect(output).toMatchObject({ type: "function_call", name: "update_plan" });
      expect(JSON.parse((output as { arguments: string }).arguments).plan).toHaveLength(2);
    }
    expect(outputsOf(decide("parallel 2: run: ls"))).toEqual([
      { type: "function_call", name: "shell_command", arguments: '{"command":"ls"}' },
      { type: "function_call", name: "shell_command", arguments: '{"command":"ls"}' },
    ]);
  });

  test("run: calls shell_command with the command", () => {
    expect(only(decide("  run: ls -la  "))).toEqual({
      type: "function_call",
      name: "shell_command",
      arguments: JSON.stringify({ command: "ls -la" }),
    });
  });

  test("write <path>: <content> adds the file as a custom apply_patch call", () => {
    expect(only(decide("write src/hello.txt: hello world"))).toEqual({
      type: "custom_tool_call",
      name: "apply_patch",
      input: "*** Begin Patch\n*** Add File: src/hello.txt\n+hello world\n*** End Patch",
    });
  });

  test("write uses a function_call with {input} when apply_patch is a function tool", () => {
    const tools = [{ name: "apply_patch", type: "function" }];
    const output = only(decide("write a.txt: x", { tools }));
    expect(output).toEqual({
      type: "function_call",
      name: "apply_patch",
      arguments: JSON.stringify({
        input: "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch",
      }),
    });
  });

  test("patch: sends the body verbatim", () => {
    const body = "*** Begin Patch\n*** Delete File: old.txt\n*** End Patch";
    expect(only(decide(`patch:\n${body}`))).toMatchObject({
      type: "custom_tool_call",
      input: body,
    });
  });

  test("plan: makes an update_plan call with the first step in progress", () => {
    const output = only(decide("plan: step one; step two; step three"));
    expect(output.type).toBe("function_call");
    if (output.type !== "function_call") return;
    expect(JSON.parse(output.arguments)).toEqual({
      plan: [
        { step: "step one", status: "in_progress" },
        { step: "step two", status: "pending" },
        { step: "step three", status: "pending" },
      ],
    });
  });

  test("plain text is echoed; no user message gets the greeting", () => {
    expect(textOf(only(decide("hello there")))).toBe("You said: hello there");
    expect(textOf(only(decide([])))).toBe(GREETING);
  });

  test("plain text streams as several deltas", () => {
    const output = only(decide("one two three four"));
    expect(output.type === "message" && output.deltas.length).toBeGreaterThan(1);
  });

  test("a tool the request does not offer gets a text answer saying so", () => {
    expect(textOf(only(decide("run: ls", { tools: [] })))).toBe(
      "No shell tool is available in this request (shell_command, exec_command or shell).",
    );
    expect(textOf(only(decide("write a: b", { tools: [] })))).toBe(
      "No apply_patch or shell tool is available in this request.",
    );
    expect(textOf(only(decide("plan: a", { tools: [] })))).toBe(
      "The update_plan tool is not available in this request.",
    );
  });

  test("demo:fail is a non-retryable failure", () => {
    expect(decide("demo:fail")).toEqual({
      kind: "fail",
      code: "invalid_prompt",
      message: "demo failure requested",
    });
  });

  test("demo:slow n streams n deltas 200 ms apart; demo:long n streams n bytes in 20-byte deltas", () => {
    const slow = only(decide("demo:slow 3"));
    expect(slow).toMatchObject({ type: "message", delayMs: 200 });
    expect(slow.type === "message" && slow.deltas).toHaveLength(3);
    const long = only(decide("demo:long 1000"));
    expect(textOf(long)).toHaveLength(1000);
    expect(long.type === "message" && long.deltas.every((d) => d.length <= 20)).toBe(true);
  });

  test("follows up on tool outputs by tool", () => {
    const call = (name: string, type = "function_call"): ResponseItem => ({
      type,
      name,
      call_id: "call_1",
      ...(type === "function_call" ? { arguments: "{}" } : { input: "" }),
    });
    const out = (output: string, type = "function_call_output"): ResponseItem => ({
      type,
      call_id: "call_1",
      output,
    });
    const shell = [
      userMessage("run: false"),
      call("shell_command"),
      out("Exit code: 1\nWall time: 0 seconds\nOutput:\n"),
    ];
    expect(textOf(only(decide(shell)))).toBe("Ran the command. Exit code 1.");
    const denied = [userMessage("run: rm x"), call("shell_command"), out("denied by user")];
    expect(textOf(only(decide(denied)))).toBe("The command did not run: denied by user");
    const applied = [
      call("apply_patch", "custom_tool_call"),
      out("Success. Updated the following files:\nA a.txt", "custom_tool_call_output"),
    ];
    expect(textOf(only(decide(applied)))).toBe("Applied the patch.");
    const failed = [
      call("apply_patch", "custom_tool_call"),
      out("invalid hunk at line 2\nmore", "custom_tool_call_output"),
    ];
    expect(textOf(only(decide(failed)))).toBe("The patch failed: invalid hunk at line 2");
    expect(textOf(only(decide([call("update_plan"), out("Plan updated")])))).toBe("Plan noted.");
  });

  test("a request with reasoning gets a one-line reasoning summary first", () => {
    const decision = decide("hello", { reasoning: true });
    expect(decision.kind === "respond" && decision.reasoningSummary).toMatch(/^[^\n]+$/);
    expect(decide("hello")).not.toHaveProperty("reasoningSummary");
  });
});

describe("demo model: compaction requests", () => {
  const context = (): ResponseItem[] => [
    developerMessage("<permissions>\nsandbox_mode: workspace-write\n</permissions>"),
    userMessage("<environment_context>\n  <cwd>/tmp/x</cwd>\n</environment_context>"),
    userMessage("run: ls"),
    { type: "function_call", name: "shell_command", call_id: "call_1", arguments: "{}" },
    { type: "function_call_output", call_id: "call_1", output: "Exit code: 0\nOutput:\nsecret\n" },
    assistantText("Ran the command. Exit code 0."),
    userMessage("what is in README.md?"),
    assistantText("You said: what is in README.md?"),
  ];

  test("/compact's prompt gets a summary listing what the user asked, not an echo", () => {
    const summary = textOf(only(decide([...context(), compactionRequestItem()])));
    expect(summary).not.toContain("You said");
    expect(summary).not.toContain(COMPACTION_PROMPT);
    expect(summary).toContain("- run: ls");
    expect(summary).toContain("- what is in README.md?");
    expect(summary).not.toContain("environment_context");
    expect(summary).toContain("1 tool call");
  });

  test("a second compaction keeps what the first summary listed", () => {
    const first = textOf(only(decide([...context(), compactionRequestItem()])));
    const compacted = [
      ...context().slice(0, 2),
      userMessage(`${SUMMARY_PREFIX}\n${first}`),
      userMessage("and now?"),
      assistantText("You said: and now?"),
    ];
    const second = textOf(only(decide([...compacted, compactionRequestItem()])));
    expect(second).toContain("- run: ls");
    expect(second).toContain("- what is in README.md?");
    expect(second).toContain("- and now?");
    expect(second).not.toContain(SUMMARY_PREFIX);
  });

  test("an empty conversation is summarised as such", () => {
    expect(textOf(only(decide([...context().slice(0, 2), compactionRequestItem()])))).toBe(
      "Nothing has been discussed yet.",
    );
  });
});

function assistantText(text: string): ResponseItem {
  return {
    type: "message",
    role: "assistant",
    content: [{ type: "output_text", text, annotations: [] }],
  };
}

describe("call <tool> <json>", () => {
  const mcpTools = [...ALL_TOOLS, { name: "mcp__docs__search", type: "function" }];

  test("calls any offered function tool with the given arguments", () => {
    const output = only(decide('call mcp__docs__search {"q":"zod"}', { tools: mcpTools }));
    expect(output).toEqual({
      type: "function_call",
      name: "mcp__docs__search",
      arguments: '{"q":"zod"}',
    });
  });

  test("a tool that is not offered is named as unavailable", () => {
    expect(textOf(only(decide("call mcp__docs__search")))).toBe(
      "The mcp__docs__search tool is not available in this request.",
    );
  });

  test("the follow-up quotes the first line of the tool's output", () => {
    const context: ResponseItem[] = [
      userMessage("call mcp__docs__search {}"),
      { type: "function_call", name: "mcp__docs__search", arguments: "{}", call_id: "c1" },
      { type: "function_call_output", call_id: "c1", output: "3 results\nmore" },
    ];
    expect(textOf(only(decide(context, { tools: mcpTools })))).toBe(
      "Received the tool output: 3 results",
    );
  });
});
