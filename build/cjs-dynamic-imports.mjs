// The one-file CommonJS bundle runs from V8's code cache (bin/code-cache.js). On Node 20 a script
// compiled with cached data loses its importModuleDynamically loader, so any import() in it fails
// with "A dynamic import callback was not specified" once the cache is used (the build seeds one,
// so from the first launch). This rolldown plugin turns an import() of a Node built-in into a
// require() (the same members) and fails the build on any other import(), naming it: such a
// module is loaded with createRequire instead (src/protocol/zstd.ts, tools/unified-exec/spawn.ts).
import { builtinModules } from "node:module";
import { parseSync } from "rolldown/utils";

const BUILTINS = new Set(builtinModules);

/** Whether `specifier` names a Node built-in (`node:fs`, `fs`). */
function isBuiltin(specifier) {
  return specifier.startsWith("node:") || BUILTINS.has(specifier);
}

/** A string literal's value (no escapes in it), else undefined. */
function literalValue(text) {
  const match = /^(["'])([^"'\\]*)\1$/.exec(text);
  return match ? match[2] : undefined;
}

/**
 * Every `import(…)` expression of `code` (from the parser's module record: 0.3 s for the 3 MB
 * bundle, where a whole AST takes 2 s): where it stands and its specifier when a literal.
 */
export function dynamicImportsOf(code, filename = "bundle.cjs") {
  const parsed = parseSync(filename, code);
  if (parsed.errors.length > 0) {
    throw new Error(`cjs-dynamic-imports: ${filename} does not parse: ${parsed.errors[0].message}`);
  }
  return parsed.module.dynamicImports.map(({ start, end, moduleRequest }) => ({
    start,
    end,
    specifier: literalValue(code.slice(moduleRequest.start, moduleRequest.end)),
    text: code.slice(start, end),
  }));
}

/** `code` with each built-in import() as a require() in a promise; throws on any other import(). */
export function withoutDynamicImports(code) {
  const found = dynamicImportsOf(code);
  const refused = found.filter((at) => at.specifier === undefined || !isBuiltin(at.specifier));
  if (refused.length > 0) {
    const names = refused.map((at) => at.text.slice(0, 80)).join(", ");
    throw new Error(
      `cjs-dynamic-imports: the code-cached CommonJS bundle cannot load ${names}: load it with createRequire (see src/protocol/zstd.ts)`,
    );
  }
  let out = code;
  for (const at of found.sort((a, b) => b.start - a.start)) {
    const required = `Promise.resolve().then(() => require(${JSON.stringify(at.specifier)}))`;
    out = out.slice(0, at.start) + required + out.slice(at.end);
  }
  return out;
}

export function cjsDynamicImports() {
  return {
    name: "cjs-dynamic-imports",
    renderChunk(code, _chunk, options) {
      if (options.format !== "cjs") return undefined;
      return withoutDynamicImports(code);
    },
  };
}
