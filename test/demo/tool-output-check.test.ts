import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

/** One HTTP request whose context ends in a call and its output. */
async function sendOutput(output: unknown) {
  const response = await fetch(`${server.baseUrl}/responses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "demo-1",
      stream: true,
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "view: a.png" }] },
        { type: "function_call", name: "view_image", call_id: "c1", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output },
      ],
    }),
  });
  return { status: response.status, text: await response.text() };
}

describe("demo server: a tool output's output is what the API accepts", () => {
  it("takes a string or input_text / input_image parts, and reads the image", async () => {
    expect((await sendOutput("text")).status).toBe(200);
    const image = await sendOutput([
      { type: "input_text", text: "the screenshot" },
      { type: "input_image", image_url: "data:image/gif;base64,R0lGODlh" },
    ]);
    expect(image.status).toBe(200);
    expect(image.text).toContain("received image: image/gif, 6 bytes");
  });

  it("refuses an object, an unknown part type and a text part without text, naming the param", async () => {
    const object = await sendOutput({ type: "input_image" });
    expect(object.status).toBe(400);
    expect(JSON.parse(object.text).error).toMatchObject({
      code: "invalid_type",
      param: "input[2].output",
    });
    const wrong = await sendOutput([{ type: "output_text", text: "x" }]);
    expect(JSON.parse(wrong.text).error).toMatchObject({
      code: "invalid_value",
      param: "input[2].output[0].type",
    });
    const textless = await sendOutput([{ type: "input_text" }]);
    expect(JSON.parse(textless.text).error).toMatchObject({
      code: "missing_required_parameter",
      param: "input[2].output[0].text",
    });
  });
});
