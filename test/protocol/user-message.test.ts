import { describe, expect, it } from "vitest";
import { userMessage } from "../../src/protocol/items.js";

const A = "data:image/png;base64,AAAA";
const B = "data:image/gif;base64,BBBB";

describe("userMessage: images where they stand in the text", () => {
  it("-i/--image data URLs follow the text (as before)", () => {
    expect(userMessage("describe", [A]).content).toEqual([
      { type: "input_text", text: "describe" },
      { type: "input_image", image_url: A },
    ]);
  });

  it("placed images split the text at their offsets, in order, with no empty parts between", () => {
    const text = "[image: a.png] and [image: b.gif]";
    const message = userMessage(text, [
      { url: B, at: text.length },
      { url: A, at: "[image: a.png]".length },
    ]);
    expect(message.content).toEqual([
      { type: "input_text", text: "[image: a.png]" },
      { type: "input_image", image_url: A },
      { type: "input_text", text: " and [image: b.gif]" },
      { type: "input_image", image_url: B },
    ]);
  });

  it("an image-only message still starts with a text part", () => {
    expect(userMessage("", [{ url: A, at: 0 }]).content).toEqual([
      { type: "input_text", text: "" },
      { type: "input_image", image_url: A },
    ]);
  });
});
