import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
// @ts-expect-error plain JavaScript module of the build, no type declarations
import { dynamicImportsOf, withoutDynamicImports } from "../../build/cjs-dynamic-imports.mjs";

/**
 * The code-cached CommonJS bundle cannot serve an import() on Node 20 (the loader option is lost
 * with V8's cached data): the build turns a built-in's into require() and refuses any other.
 */
const BUNDLE = fileURLToPath(new URL("../../dist/bundle-cjs/mini-codex.cjs", import.meta.url));

describe("no import() in the code-cached bundle", () => {
  test("a built-in's import() becomes a require() with the same members; text that only looks like one stays", async () => {
    const code =
      'const said = "import(\\"x\\")";\nexports.crypto = import("node:crypto").then((m) => m.webcrypto);\n';
    const out: string = withoutDynamicImports(code);
    expect(dynamicImportsOf(out)).toEqual([]);
    expect(out).toContain('const said = "import(\\"x\\")";');
    const module = { exports: {} as { crypto?: Promise<unknown> } };
    new Function("exports", "require", out)(module.exports, require);
    expect(await module.exports.crypto).toBe((await import("node:crypto")).webcrypto);
  });

  test("the build fails on a package's import() or one it cannot read, naming it", () => {
    expect(() => withoutDynamicImports('import("@bokuweb/zstd-wasm").then(() => 1);')).toThrow(
      /cannot load import\("@bokuweb\/zstd-wasm"\): load it with createRequire/,
    );
    expect(() => withoutDynamicImports("const name = 'x'; import(name);")).toThrow(
      /import\(name\)/,
    );
  });

  test("the built bundle has none left", () => {
    expect(dynamicImportsOf(readFileSync(BUNDLE, "utf8"))).toEqual([]);
  });
});
