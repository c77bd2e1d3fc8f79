/** Why the Responses API would refuse a tool output item's `output`, if it would. Pure. */
interface OutputRefusal {
  code: string;
  message: string;
  param: string;
}

const PART_TYPES = ["input_text", "input_image", "input_file"];

/** `output` is a string or an array of input_text / input_image / input_file parts. */
export function toolOutputRefusal(output: unknown, at: string): OutputRefusal | undefined {
  const param = `${at}.output`;
  if (typeof output === "string") return undefined;
  if (!Array.isArray(output)) {
    const kind = output === null || output === undefined ? "null" : typeof output;
    return {
      code: "invalid_type",
      message: `Invalid type for '${param}': expected one of a string or array of input content, but got ${kind === "object" ? "an object" : `a ${kind}`} instead.`,
      param,
    };
  }
  for (const [i, part] of output.entries()) {
    const type = (part as { type?: unknown } | null)?.type;
    if (typeof type !== "string" || !PART_TYPES.includes(type)) {
      const supported = PART_TYPES.map((v) => `'${v}'`).join(", ");
      return {
        code: "invalid_value",
        message: `Invalid value: '${String(type)}'. Supported values are: ${supported}.`,
        param: `${param}[${i}].type`,
      };
    }
    if (type === "input_text" && typeof (part as { text?: unknown }).text !== "string") {
      const where = `${param}[${i}].text`;
      return {
        code: "missing_required_parameter",
        message: `Missing required parameter: '${where}'.`,
        param: where,
      };
    }
  }
  return undefined;
}
