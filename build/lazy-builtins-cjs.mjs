import { lazyRequire } from "./lazy-requires.mjs";

// The one-file CommonJS bundle (bin/code-cache.js) requires every built-in the whole CLI imports at
// its top, so each launch loads what only a later command needs: child_process (commands; ~3 ms),
// fs/promises (the tools; ~1.3 ms), v8 and timers/promises (execa's, which loads at the first
// command), https (only an https:// model catalog, fetched after the first request; with tls,
// ~20 M instructions) and readline/promises (only the folder-trust question). This rolldown plugin turns those top-level requires into stand-ins that load the
// module on first use. (Built-ins the bundle wraps with __toESM are read whole: not these.)

const LAZY = ["child_process", "fs/promises", "v8", "timers/promises", "https", "readline/promises"];

export function lazyBuiltinsCjs() {
  return {
    name: "lazy-builtins-cjs",
    renderChunk(code, _chunk, options) {
      if (options.format !== "cjs") return undefined;
      let out = code;
      for (const name of LAZY) {
        const binding = `node_${name.replace("/", "_")}`;
        const from = `let ${binding} = require("node:${name}");\n`;
        if (out.split(from).length !== 2) {
          throw new Error(`lazy-builtins-cjs: expected one ${JSON.stringify(from)} in the bundle`);
        }
        out = out.replace(from, `let ${binding} = ${lazyRequire(`node:${name}`)};\n`);
      }
      return out;
    },
  };
}
