// Bundles the compiled CLI (dist/cli/main.js, output of tsc) into dist/bundle/: one module
// graph instead of ~380 files, which halves `exec` start-up (see bench/startup.mjs).
// Dynamic imports become chunks. The TUI (dist/ui/run.js with ink and react) is a second
// entry, loaded by a run-time path so --help, --version and exec never evaluate it; bundled,
// it starts several times faster than ink and react read from node_modules (bench/tui-startup).
import { fileURLToPath } from "node:url";
import { yogaWithoutFetch } from "./build/yoga-without-fetch.mjs";

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

export default {
  input: { main: "dist/cli/main.js", ui: "dist/ui/run.js" },
  platform: "node",
  logLevel: "warn",
  // ink loads it only under DEV=true (React devtools); it is not a dependency
  external: ["react-devtools-core"],
  // Measures one-column text without compiling string-width's Unicode regexps (first frame)
  resolve: {
    alias: {
      "string-width": path("build/narrow-string-width.mjs"),
      "string-width-real": path("node_modules/string-width/index.js"),
    },
  },
  // The TUI runs React in production mode: its development build never enters the bundle.
  plugins: [yogaWithoutFetch()],
  transform: { define: { "process.env.NODE_ENV": '"production"' } },
  output: { dir: "dist/bundle", format: "esm", chunkFileNames: "[name]-[hash].js", cleanDir: true },
};
