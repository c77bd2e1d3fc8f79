type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

/**
 * A value that satisfies a JSON schema (the subset Structured Outputs allows): every property
 * present, the first enum/const/anyOf choice, minimums met; strings carry `text`. Pure.
 */
export function answerForSchema(schema: Schema, text: string): unknown {
  return valueFor(schema, schema, text, 0);
}

function valueFor(schema: Schema, root: Schema, text: string, depth: number): unknown {
  if (depth > MAX_DEPTH) return null;
  const resolved = resolveRef(schema, root);
  if ("const" in resolved) return resolved.const;
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return resolved.enum[0];
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const choices = resolved[key];
    if (Array.isArray(choices) && isSchema(choices[0])) {
      return valueFor(choices[0], root, text, depth + 1);
    }
  }
  switch (typeOf(resolved)) {
    case "object":
      return objectFor(resolved, root, text, depth);
    case "array":
      return arrayFor(resolved, root, text, depth);
    case "string":
      return stringFor(resolved, text);
    case "integer":
      return Math.ceil(numberFloor(resolved));
    case "number":
      return numberFloor(resolved);
    case "boolean":
      return true;
    default:
      return null;
  }
}

function objectFor(schema: Schema, root: Schema, text: string, depth: number): unknown {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (isSchema(property)) out[name] = valueFor(property, root, text, depth + 1);
  }
  return out;
}

function arrayFor(schema: Schema, root: Schema, text: string, depth: number): unknown[] {
  const count = typeof schema.minItems === "number" ? schema.minItems : 1;
  const items = isSchema(schema.items) ? schema.items : {};
  return Array.from({ length: count }, () => valueFor(items, root, text, depth + 1));
}

function stringFor(schema: Schema, text: string): string {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  return text.padEnd(min, ".").slice(0, max);
}

function numberFloor(schema: Schema): number {
  if (typeof schema.minimum === "number") return schema.minimum;
  if (typeof schema.exclusiveMinimum === "number") return schema.exclusiveMinimum + 1;
  return 0;
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") ?? "null";
  if (isSchema(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

/** `#/$defs/Name` (or `#/definitions/Name`, or `#`) within the same document. */
function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#")) return schema;
  let node: unknown = root;
  for (const part of ref.slice(1).split("/").filter(Boolean)) {
    node = isSchema(node) ? node[part] : undefined;
  }
  return isSchema(node) ? node : {};
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
