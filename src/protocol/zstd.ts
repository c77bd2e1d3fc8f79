import { createRequire } from "node:module";

/**
 * zstd for request bodies to the Codex backend (docs/protocol.md, "The Codex backend"). Node
 * 20's zlib has no zstd, so this is the `@bokuweb/zstd-wasm` build (WebAssembly shipped in
 * the package, no native build step), loaded on the first use only: `bench/zstd-body.mjs`
 * measures what it costs and saves. It is required, not imported: the code-cached CommonJS
 * bundle has no loader for an import() (build/cjs-dynamic-imports.mjs).
 */
type Zstd = typeof import("@bokuweb/zstd-wasm");

let loading: Promise<Zstd> | undefined;

function zstd(): Promise<Zstd> {
  loading ??= Promise.resolve().then(async () => {
    const module = createRequire(import.meta.url)("@bokuweb/zstd-wasm") as Zstd;
    await module.init();
    return module;
  });
  return loading;
}

/** zstd's default level. */
const ZSTD_LEVEL = 3;

export async function zstdCompress(text: string): Promise<Uint8Array> {
  return (await zstd()).compress(Buffer.from(text, "utf8"), ZSTD_LEVEL);
}

export async function zstdDecompress(bytes: Uint8Array): Promise<Buffer> {
  return Buffer.from((await zstd()).decompress(bytes));
}
