// Bundles the compiled CLI (dist/cli/main.js, output of tsc) into dist/bundle/: one module
// graph instead of ~380 files, which halves `exec` start-up (see bench/startup.mjs).
// Dynamic imports become chunks; the TUI is imported by a run-time path and stays in dist/ui/.
export default {
  input: { main: "dist/cli/main.js" },
  platform: "node",
  logLevel: "warn",
  output: { dir: "dist/bundle", format: "esm", chunkFileNames: "[name]-[hash].js", cleanDir: true },
};
