import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The `openai` package's Responses declarations (its .d.ts), read as text. */
function responsesDeclarations(): string {
  const main = createRequire(import.meta.url).resolve("openai");
  const root = main.slice(
    0,
    main.lastIndexOf("node_modules/openai/") + "node_modules/openai/".length,
  );
  return readFileSync(join(root, "resources/responses/responses.d.ts"), "utf8");
}

/** The `type` literals of the members of one declared union (`export type Name = A | B | …;`). */
function unionTypeLiterals(source: string, union: string): string[] {
  const declaration = new RegExp(`export type ${union} = ([^;]+);`).exec(source);
  if (!declaration?.[1]) throw new Error(`the openai package declares no ${union}`);
  return declaration[1].split("|").flatMap((member) => {
    const [scope, name] = member.trim().includes(".")
      ? (member.trim().split(".") as [string, string])
      : ["", member.trim()];
    const from = scope ? source.indexOf(`export declare namespace ${scope} {`) : 0;
    const found = source.slice(from).search(new RegExp(`\\binterface ${name} \\{`));
    const start = found < 0 ? -1 : from + found;
    if (start < 0) throw new Error(`no interface ${name} in the openai package`);
    const indent = /\n( *)[^\n]*$/.exec(source.slice(0, start))?.[1] ?? "";
    const body = source.slice(start, source.indexOf(`\n${indent}}`, start));
    // `type?:` too: a message input may leave its type out (it is then a message)
    const type = new RegExp(`\\n${indent}    type\\??: ([^;]+);`).exec(body)?.[1];
    if (!type) throw new Error(`interface ${name} has no type literal`);
    return [...type.matchAll(/'([^']+)'/g)].map((m) => m[1] as string);
  });
}

/** Every Responses stream event type the installed `openai` package declares. */
export function declaredStreamEventTypes(): string[] {
  return unionTypeLiterals(responsesDeclarations(), "ResponseStreamEvent");
}

/** Every tool type the installed `openai` package declares for `tools`. */
export function declaredToolTypes(): string[] {
  return unionTypeLiterals(responsesDeclarations(), "Tool");
}

/** Every input item type the installed `openai` package declares (`ResponseInputItem`). */
export function declaredInputItemTypes(): string[] {
  return unionTypeLiterals(responsesDeclarations(), "ResponseInputItem");
}

/** Every client event a Responses WebSocket takes (`ResponsesClientEvent`). */
export function declaredClientEventTypes(): string[] {
  return unionTypeLiterals(responsesDeclarations(), "ResponsesClientEvent");
}
