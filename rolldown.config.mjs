// Bundles the compiled CLI (dist/cli/main.js, output of tsc) twice:
// - dist/bundle/: ES modules, one graph instead of ~380 files, which halves `exec` start-up (see
//   bench/startup.mjs). Dynamic imports become chunks, so --help and exec never evaluate the TUI
//   (ink, react and the app: the chunk of dist/ui/run.js).
// - dist/bundle-cjs/mini-codex.cjs: the same program as one CommonJS file, which the launcher
//   compiles with V8's code cache (bin/code-cache.js; Node 20 has no compile cache for ES
//   modules). Dynamic imports stay lazy there: their modules are evaluated when first imported.
//   An import() that stays an import() in it (a built-in's, an external's) fails under the code
//   cache: build/cjs-dynamic-imports.mjs turns a built-in's into require() and fails on any other.
import { fileURLToPath } from "node:url";
import { bundleInputs } from "./build/bundle-inputs.mjs";
import { cjsDynamicImports } from "./build/cjs-dynamic-imports.mjs";
import { inkWithoutTopLevelAwait } from "./build/ink-without-top-level-await.mjs";
import { lazyBuiltinsCjs } from "./build/lazy-builtins-cjs.mjs";
import { lazyEmojiRegex } from "./build/lazy-emoji-regex.mjs";
import { lazyRequires } from "./build/lazy-requires.mjs";
import { narrowFirstSegmenter } from "./build/segmenter-plugin.mjs";
import { yogaSync } from "./build/yoga-sync.mjs";

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

const shared = {
  input: { main: "dist/cli/main.js" },
  platform: "node",
  logLevel: "warn",
  // ink loads it only under DEV=true (React devtools); it is not a dependency. node-pty loads
  // its prebuilt native addon by a path relative to itself, zstd-wasm its .wasm file: they stay
  // in node_modules.
  external: ["react-devtools-core", "@lydell/node-pty", "@bokuweb/zstd-wasm"],
  // Measures one-column text without compiling string-width's Unicode regexps (first frame)
  resolve: {
    alias: {
      "string-width": path("build/narrow-string-width.mjs"),
      "string-width-real": path("node_modules/string-width/index.js"),
    },
  },
  // The TUI runs React in production mode: its development build never enters the bundle.
  transform: { define: { "process.env.NODE_ENV": '"production"' } },
};

export default [
  {
    ...shared,
    plugins: [yogaSync(), narrowFirstSegmenter(), lazyEmojiRegex(), lazyRequires(), bundleInputs()],
    output: { dir: "dist/bundle", format: "esm", chunkFileNames: "[name]-[hash].js", cleanDir: true },
  },
  {
    ...shared,
    input: { "mini-codex": "dist/cli/main.js" },
    plugins: [
      yogaSync(),
      narrowFirstSegmenter(),
      lazyEmojiRegex(),
      inkWithoutTopLevelAwait(),
      lazyRequires(),
      lazyBuiltinsCjs(),
      cjsDynamicImports(),
      bundleInputs(),
    ],
    output: {
      dir: "dist/bundle-cjs",
      format: "cjs",
      codeSplitting: false,
      // ASCII source: the launcher reads it as one-byte text (no UTF-8 decode; bin/code-cache.js)
      charset: "ascii",
      comments: { legal: true, jsdoc: false, annotation: false },
      entryFileNames: "[name].cjs",
      cleanDir: true,
    },
  },
];
