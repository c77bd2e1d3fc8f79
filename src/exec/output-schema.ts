import { readFileSync } from "node:fs";
import { CliError } from "../launch/errors.js";
import type { SessionSettings } from "../session/api.js";

/** `--output-schema FILE`: a JSON schema object, sent as text.format json_schema (strict). */
export function readOutputSchema(file: string): NonNullable<SessionSettings["outputSchema"]> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CliError(`--output-schema ${file}: ${(error as Error).message}`, 1);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CliError(`--output-schema ${file}: the schema must be a JSON object`, 1);
  }
  return { name: "output_schema", schema: value as Record<string, unknown> };
}
