import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { McpManager } from "../../src/mcp/manager.js";
import type { ToolEvent } from "../../src/tools/types.js";
import { callTool } from "../tools/helpers.js";
import { PNG_DATA_URL } from "../tools/images.js";
import { recordingContext, servers, tempDir } from "./servers.js";

// A real stdio server (test/fixtures/mcp/images-server.mjs) whose images need a decision.
let manager: McpManager;
let home: string;
beforeAll(async () => {
  home = tempDir("mcp-images-");
  manager = new McpManager({ servers: { images: servers.images() }, home, cwd: home });
  await manager.start();
});
afterAll(() => manager?.close());

async function call(tool: string) {
  const definition = manager.definitions().find((d) => d.name === `mcp__images__${tool}`);
  if (!definition) throw new Error(`no tool ${tool}: ${manager.startupWarnings()}`);
  const { ctx, events } = recordingContext(`call_${tool}`, home);
  const output = await callTool(definition, "{}", ctx);
  const finished = events.find((event) => event.type === "mcp_call_finished") as
    | Extract<ToolEvent, { type: "mcp_call_finished" }>
    | undefined;
  return { output, finished };
}

describe("MCP images the model cannot take as they are", () => {
  test("an SVG is not sent: the model reads why, as text, and the call is no failure", async () => {
    const { output, finished } = await call("svg");
    expect(output).toBe(
      "an image of 62 bytes:\n[image not sent (image/svg+xml): not an image type the model takes (PNG, JPEG, GIF or WebP)]",
    );
    expect(finished?.error).toBeUndefined();
    expect(finished?.modelText).toBe(output);
  });

  test("a 6 MB PNG is refused with its size and the limit; the model and the person read one short line", async () => {
    const { output, finished } = await call("huge");
    expect(output).toBe(
      `an image of ${6 * 1024 * 1024} bytes:\n[image not sent (image/png): ${6 * 1024 * 1024} bytes, more than the 5 MB a tool output may carry]`,
    );
    expect(finished?.modelText?.length).toBeLessThan(200);
  });

  test("PNG bytes announced as JPEG go as image/png: the bytes decide the type", async () => {
    const { output } = await call("mislabelled");
    expect(output).toEqual([
      { type: "input_text", text: "an image of 70 bytes:" },
      { type: "input_image", image_url: PNG_DATA_URL },
    ]);
  });
});
