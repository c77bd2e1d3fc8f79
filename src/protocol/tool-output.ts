import { dataUrlFacts, imageLabel } from "./image-data.js";

/** One part of a tool output as content (the Responses API's `input_text` / `input_image`). */
export type ToolOutputPart =
  | { type: "input_text"; text: string }
  | { type: "input_image"; image_url: string };

/**
 * What a tool gives the model: text, or a content array (view_image: an `input_image`).
 * It is the `output` of `function_call_output` / `custom_tool_call_output` as sent.
 */
export type ToolOutput = string | ToolOutputPart[];

/** Whether a saved or received `output` is one (a string, or an array of typed parts). */
export function isToolOutputValue(value: unknown): value is ToolOutput {
  if (typeof value === "string") return true;
  return (
    Array.isArray(value) &&
    value.every(
      (part) =>
        part !== null &&
        typeof part === "object" &&
        typeof (part as { type?: unknown }).type === "string",
    )
  );
}

/**
 * A tool output as text for the person (TUI, exec, resume): strings as they are, a content
 * array's text parts as text and each image as its label, never its bytes.
 */
export function toolOutputText(output: ToolOutput, imageName = "image"): string {
  if (typeof output === "string") return output;
  return output.map((part) => partText(part, imageName)).join("\n");
}

function partText(part: ToolOutputPart | { type: string }, imageName: string): string {
  const members = part as { type: string; text?: unknown; image_url?: unknown; file_id?: unknown };
  if (members.type === "input_text") return typeof members.text === "string" ? members.text : "";
  if (members.type === "input_image") {
    const url = typeof members.image_url === "string" ? members.image_url : "";
    const facts = dataUrlFacts(url);
    if (facts) return imageLabel(imageName, facts.mediaType, facts.bytes);
    const where = typeof members.file_id === "string" ? `file ${members.file_id}` : url;
    return `[image: ${where || imageName}]`;
  }
  return `[${members.type}]`;
}
