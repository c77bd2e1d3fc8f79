import { readFileSync } from "node:fs";
import { CliError, EXIT_FAILED } from "../launch/index.js";
import { errorMessage } from "../protocol/index.js";
import type { SessionSettings } from "../session/index.js";

/** `--output-schema FILE`: a JSON schema object, sent as text.format json_schema (strict). */
export function readOutputSchema(file: string): NonNullable<SessionSettings["outputSchema"]> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CliError(`--output-schema ${file}: ${errorMessage(error)}`, EXIT_FAILED);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CliError(`--output-schema ${file}: the schema must be a JSON object`, EXIT_FAILED);
  }
  return { name: "output_schema", schema: value as Record<string, unknown> };
}
