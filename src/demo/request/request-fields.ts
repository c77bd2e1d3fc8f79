/**
 * The field checks of a Responses API request, with the API's own error texts: a failed check
 * throws a `Refused` carrying what the server answers (pure).
 */

/** A refusal with the fields of a real API error. */
export interface RequestRefusal {
  code: string;
  message: string;
  param: string | null;
}

export type Json = Record<string, unknown>;

/** Thrown by a failed check; `parseDemoRequest` turns it into the refusal. */
export class Refused extends Error {
  constructor(readonly refusal: RequestRefusal) {
    super(refusal.message);
  }
}

export function optional(body: Json, name: string, type: string, label: string): unknown {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  return expect(body, name, type, label);
}

export function expect(body: Json, name: string, type: string, label: string): unknown {
  const value = body[name];
  const actual = type === "object" ? isObject(value) : typeof value === type;
  if (!actual) {
    refuse(
      "invalid_type",
      `Invalid type for '${name}': expected ${label}, but got ${kindOf(value)} instead.`,
      name,
    );
  }
  return value;
}

export function oneOf(body: Json, name: string, values: string[]): void {
  const value = body[name];
  if (value === undefined || value === null || values.includes(value as string)) return;
  const supported = values.map((v) => `'${v}'`).join(", ");
  refuse(
    "invalid_value",
    `Invalid value: '${String(value)}'. Supported values are: ${supported}.`,
    name,
  );
}

export function refuse(code: string, message: string, param: string | null): never {
  throw new Refused({ code, message, param });
}

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}
