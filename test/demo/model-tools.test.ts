import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { ResponseItem } from "../../src/protocol/items.js";
import { decider, outputsOf, textOf } from "./model-helpers.js";

/** The tools the Codex CLI (0.163 and 0.171) offers an unknown model (exec_command, no apply_patch). */
const CODEX_TOOLS = [
  { name: "exec_command", type: "function" },
  { name: "write_stdin", type: "function" },
  { name: "view_image", type: "function" },
  { name: "close_agent", type: "function" },
  { type: "web_search" },
];

const decide = decider(CODEX_TOOLS);
const outputs = outputsOf;

describe("demo model: the tools a request offers", () => {
  test("run: goes through exec_command {cmd}, or shell with an argv array", () => {
    expect(outputs(decide("run: echo hi > a.txt"))).toEqual([
      { type: "function_call", name: "exec_command", arguments: '{"cmd":"echo hi > a.txt"}' },
    ]);
    const shell = decide("run: ls", { tools: [{ name: "shell", type: "function" }] });
    expect(outputs(shell)).toEqual([
      { type: "function_call", name: "shell", arguments: '{"command":["bash","-lc","ls"]}' },
    ]);
  });

  test("a patch goes through the shell as apply_patch <<'EOF' when no apply_patch tool is offered", () => {
    const [call] = outputs(decide("write notes/x.txt: hello"));
    expect(call).toMatchObject({ type: "function_call", name: "exec_command" });
    const { cmd } = JSON.parse((call as { arguments: string }).arguments) as { cmd: string };
    expect(cmd).toBe(
      "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: notes/x.txt\n+hello\n*** End Patch\nEOF",
    );
  });

  test("follow-ups read the Codex CLI's outputs: exec_command, JSON shell, a shell patch", () => {
    const call = (name: string, args: string): ResponseItem => ({
      type: "function_call",
      name,
      call_id: "c1",
      arguments: args,
    });
    const out = (output: unknown): ResponseItem => ({
      type: "function_call_output",
      call_id: "c1",
      output: output as string,
    });
    const exec = [
      call("exec_command", "{}"),
      out("Wall time: 0.1\nProcess exited with code 3\nOutput:\n"),
    ];
    expect(textOf(outputs(decide(exec))[0])).toBe("Ran the command. Exit code 3.");
    const json = [call("shell", "{}"), out('{"output":"","metadata":{"exit_code":0}}')];
    expect(textOf(outputs(decide(json))[0])).toBe("Ran the command. Exit code 0.");
    const patch = [
      call("exec_command", '{"cmd":"apply_patch <<\'EOF\'\\n…"}'),
      out("Exit code: 0\nOutput:\nSuccess. Updated the following files:\nA x.txt\n"),
    ];
    expect(textOf(outputs(decide(patch))[0])).toBe("Applied the patch.");
    const parts = [
      call("exec_command", "{}"),
      out([{ type: "input_text", text: "Process exited with code 0" }]),
    ];
    expect(textOf(outputs(decide(parts))[0])).toBe("Ran the command. Exit code 0.");
  });

  test("a plain message gets a plain reply with any tool set, none included", () => {
    for (const tools of [CODEX_TOOLS, [], [{ type: "namespace", name: "x" }, { type: "mcp" }]]) {
      expect(textOf(outputs(decide("hello", { tools }))[0])).toBe("You said: hello");
    }
  });
});

describe("demo model: web search, images, structured output", () => {
  test("search: <query> is a web_search_call then a canned answer, when web_search is offered", () => {
    const [call, answer] = outputs(decide("search: node 20 release date"));
    expect(call).toEqual({ type: "web_search_call", query: "node 20 release date" });
    expect(textOf(answer)).toContain('Search results for "node 20 release date"');
    const without = outputs(decide("search: x", { tools: [] }));
    expect(textOf(without[0])).toBe("The web_search tool is not available in this request.");
  });

  test("input_image parts are acknowledged with their type and size", () => {
    const png = Buffer.alloc(1234, 7).toString("base64");
    const message: ResponseItem = {
      type: "message",
      role: "user",
      content: [
        { type: "input_text", text: "describe" },
        { type: "input_image", image_url: `data:image/png;base64,${png}` },
        { type: "input_image", image_url: "https://example.com/cat.jpg" },
      ],
    };
    expect(textOf(outputs(decide([message]))[0])).toBe(
      "received image: image/png, 1234 bytes\nreceived image: https://example.com/cat.jpg\nYou said: describe",
    );
    const viewed: ResponseItem[] = [
      { type: "function_call", name: "view_image", call_id: "v1", arguments: "{}" },
      {
        type: "function_call_output",
        call_id: "v1",
        output: [{ type: "input_image", image_url: "data:image/gif;base64,R0lGODlh" }] as never,
      },
    ];
    expect(textOf(outputs(decide(viewed))[0])).toBe("received image: image/gif, 6 bytes");
  });

  test("view: <path> calls view_image with that path when it is offered, and says so when it is not", () => {
    expect(outputs(decide("view: shots/a b.png"))).toEqual([
      { type: "function_call", name: "view_image", arguments: '{"path":"shots/a b.png"}' },
    ]);
    const none = decide("view: a.png", { tools: [{ name: "shell", type: "function" }] });
    expect(textOf(outputs(none)[0])).toBe("The view_image tool is not available in this request.");
  });

  test("a text.format JSON schema gets JSON that satisfies it", () => {
    const schema = {
      type: "object",
      properties: {
        summary: { type: "string", minLength: 3 },
        status: { type: "string", enum: ["ok", "failed"] },
        count: { type: "integer", minimum: 2 },
        ratio: { type: ["number", "null"] },
        files: { type: "array", items: { $ref: "#/$defs/file" }, minItems: 1 },
        nested: {
          anyOf: [
            {
              type: "object",
              properties: { done: { type: "boolean" } },
              required: ["done"],
              additionalProperties: false,
            },
            { type: "null" },
          ],
        },
      },
      required: ["summary", "status", "count", "ratio", "files", "nested"],
      additionalProperties: false,
      $defs: {
        file: {
          type: "object",
          properties: { path: { type: "string" } },
          required: ["path"],
          additionalProperties: false,
        },
      },
    };
    const answer = JSON.parse(textOf(outputs(decide("hi", { jsonSchema: schema }))[0]));
    expect(z.fromJSONSchema(schema as never).safeParse(answer).success).toBe(true);
    expect(answer.summary).toBe("You said: hi");
    const call = outputs(decide("run: ls", { jsonSchema: schema }));
    expect(call[0]?.type).toBe("function_call");
  });
});
