// Dependencies that require built-ins at module load which mini-codex never or only later uses:
// ws: `https` and `tls` (only wss:// connections; `require('https')` alone costs ~16 ms) and
// `zlib` (only permessage-deflate, which mini-codex turns off); commander: `child_process` (only
// for executable subcommands, which mini-codex has none of; ~3 ms). This rolldown plugin gives
// each such require a stand-in that loads the real module on first use (bench/startup).

const LAZY = [
  { file: /ws[\\/]lib[\\/]websocket\.js$/, binding: "https", module: "https" },
  { file: /ws[\\/]lib[\\/]websocket\.js$/, binding: "tls", module: "tls" },
  { file: /ws[\\/]lib[\\/]permessage-deflate\.js$/, binding: "zlib", module: "zlib" },
  {
    file: /commander[\\/]lib[\\/]command\.js$/,
    binding: "childProcess",
    module: "node:child_process",
  },
];

/** A stand-in whose members are the real module's, loaded when one is first read. */
export const lazyRequire = (module) =>
  `new Proxy({}, { get: (_, key) => require(${JSON.stringify(module)})[key] })`;

export function lazyRequires() {
  return {
    name: "lazy-requires",
    transform(code, id) {
      const lazy = LAZY.filter(({ file }) => file.test(id));
      let out = code;
      for (const { binding, module } of lazy) {
        const from = `const ${binding} = require('${module}');`;
        if (out.split(from).length !== 2) {
          throw new Error(`lazy-requires: expected one ${JSON.stringify(from)} in ${id}`);
        }
        out = out.replace(from, `const ${binding} = ${lazyRequire(module)};`);
      }
      return lazy.length ? out : undefined;
    },
  };
}
