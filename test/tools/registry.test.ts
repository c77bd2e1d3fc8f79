import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { canonicalJson } from "../../src/protocol/json.js";
import { toolSpecSchema } from "../../src/protocol/request.js";
import { resolveSettings } from "../../src/settings/index.js";
import { APPLY_PATCH_GRAMMAR } from "../../src/tools/apply-patch/grammar.js";
import {
  createToolRouter,
  defineCustomTool,
  defineFunctionTool,
  ToolRegistry,
} from "../../src/tools/index.js";
import { execute, makeContext } from "./helpers.js";

describe("tool registry", () => {
  it("offers shell_command, apply_patch (custom, Lark grammar), update_plan, view_image and request_user_input in a stable order", () => {
    const specs = createToolRouter().specs();
    expect(specs.map((s) => ("name" in s ? s.name : s.type))).toEqual([
      "shell_command",
      "apply_patch",
      "update_plan",
      "view_image",
      "request_user_input",
    ]);
    expect(specs[3]).toMatchObject({
      type: "function",
      parameters: { type: "object", required: ["path"], properties: { path: { type: "string" } } },
    });
    for (const spec of specs) expect(toolSpecSchema().safeParse(spec).success).toBe(true);
    expect(specs[1]).toEqual({
      type: "custom",
      name: "apply_patch",
      description: expect.any(String),
      format: { type: "grammar", syntax: "lark", definition: APPLY_PATCH_GRAMMAR },
    });
    const shell = specs[0];
    if (shell?.type !== "function") throw new Error("shell_command must be a function tool");
    expect(shell.parameters).toMatchObject({
      type: "object",
      required: ["command"],
      properties: {
        command: { type: "string" },
        workdir: { type: "string" },
        timeout_ms: { type: "number" },
      },
    });
    expect(shell.parameters).not.toHaveProperty("$schema");
  });

  it("serialises specs byte-identically with sorted keys (cached prompt prefix)", () => {
    const a = JSON.stringify(createToolRouter().specs());
    const b = JSON.stringify(createToolRouter().specs());
    expect(a).toBe(b);
    expect(a).toBe(canonicalJson(JSON.parse(a)));
  });

  it("offers apply_patch as a function tool with one input string when configured", () => {
    const spec = createToolRouter({
      config: resolveSettings({ apply_patch_tool_type: "function" }),
    }).specs()[1];
    expect(spec).toMatchObject({
      type: "function",
      name: "apply_patch",
      parameters: { properties: { input: { type: "string" } }, required: ["input"] },
    });
  });

  it("keeps grammar.lark and the grammar module identical", () => {
    const lark = readFileSync(
      join(import.meta.dirname, "..", "..", "src", "tools", "apply-patch", "grammar.lark"),
      "utf8",
    );
    expect(APPLY_PATCH_GRAMMAR).toBe(lark);
    for (const marker of [
      "*** Begin Patch",
      "*** Add File: ",
      "*** Delete File: ",
      "*** Update File: ",
      "*** Move to: ",
      "*** End of File",
      "*** End Patch",
      "@@",
    ]) {
      expect(lark).toContain(`"${marker}`);
    }
  });

  it("tells the model when a tool does not exist, and the turn goes on", async () => {
    const out = await execute(
      createToolRouter(),
      { type: "function_call", name: "rm_rf", call_id: "c", arguments: "{}" },
      makeContext("/tmp"),
    );
    expect(out).toContain('tool "rm_rf" does not exist');
    expect(out).toContain("shell_command");
  });

  it("turns a handler exception into an error output", async () => {
    const registry = new ToolRegistry([
      defineFunctionTool({
        name: "boom",
        description: "throws",
        schema: z.object({}),
        handler: async () => {
          throw new Error("disk on fire");
        },
      }),
      defineCustomTool({
        name: "echo",
        description: "echoes",
        handler: async (input) => `got ${input}`,
      }),
    ]);
    const ctx = makeContext("/tmp");
    expect(
      await execute(
        registry,
        { type: "function_call", name: "boom", call_id: "c", arguments: "{}" },
        ctx,
      ),
    ).toBe("error: boom failed: disk on fire");
    expect(
      await execute(
        registry,
        { type: "custom_tool_call", name: "echo", call_id: "c", input: "hi" },
        ctx,
      ),
    ).toBe("got hi");
    expect(registry.specs()[1]).toEqual({ type: "custom", name: "echo", description: "echoes" });
    // a custom tool called as a function gets the input string of {"input": ...}
    const asFunction = {
      type: "function_call" as const,
      name: "echo",
      call_id: "c",
      arguments: '{"input":"yo"}',
    };
    expect(await execute(registry, asFunction, ctx)).toBe("got yo");
    // text that is not JSON is taken as the input itself; JSON without `input` is named
    expect(await execute(registry, { ...asFunction, arguments: "raw text" }, ctx)).toBe(
      "got raw text",
    );
    expect(await execute(registry, { ...asFunction, arguments: '"quoted"' }, ctx)).toBe(
      "got quoted",
    );
    expect(await execute(registry, { ...asFunction, arguments: '{"patch":"x"}' }, ctx)).toBe(
      'invalid arguments for echo: expected {"input": "<text>"}, got an object without a string `input`',
    );
  });

  it("creates diff consumers only for custom tool calls of tools that have one", () => {
    const router = createToolRouter();
    const emit = () => {};
    expect(
      router.createDiffConsumer(
        { type: "custom_tool_call", name: "apply_patch", call_id: "c" },
        emit,
      ),
    ).toBeDefined();
    expect(
      router.createDiffConsumer({ type: "function_call", name: "apply_patch", call_id: "c" }, emit),
    ).toBeUndefined();
    expect(
      router.createDiffConsumer({ type: "custom_tool_call", name: "nope", call_id: "c" }, emit),
    ).toBeUndefined();
  });
});

describe("update_plan", () => {
  it("returns 'Plan updated' and emits the plan", async () => {
    const ctx = makeContext("/tmp");
    const plan = [
      { step: "read the code", status: "completed" },
      { step: "write the fix", status: "in_progress" },
    ];
    const out = await execute(
      createToolRouter(),
      {
        type: "function_call",
        name: "update_plan",
        call_id: "p1",
        arguments: JSON.stringify({ explanation: "go", plan }),
      },
      { ...ctx, callId: "p1" },
    );
    expect(out).toBe("Plan updated");
    expect(ctx.events).toEqual([{ type: "plan_updated", callId: "p1", explanation: "go", plan }]);
  });

  it("names a bad status", async () => {
    const out = await execute(
      createToolRouter(),
      {
        type: "function_call",
        name: "update_plan",
        call_id: "p1",
        arguments: JSON.stringify({ plan: [{ step: "x", status: "done" }] }),
      },
      makeContext("/tmp"),
    );
    expect(out).toContain("invalid arguments for update_plan: plan.0.status");
  });
});
