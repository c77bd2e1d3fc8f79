// ws requires `https` and `tls` at module load, though only a wss:// connection uses them
// (https.request, tls.connect); loading them costs ~10 ms of exec's start-up (bench/startup).
// This rolldown plugin gives ws.js a stand-in for each that loads the real module on first use.

const WEBSOCKET = /ws[\\/]lib[\\/]websocket\.js$/;
const LAZY = ["https", "tls"];

/** A stand-in whose members are the real module's, loaded when one is first read. */
const lazyRequire = (name) =>
  `new Proxy({}, { get: (_, key) => require(${JSON.stringify(name)})[key] })`;

export function wsLazyTls() {
  return {
    name: "ws-lazy-tls",
    transform(code, id) {
      if (!WEBSOCKET.test(id)) return undefined;
      let out = code;
      for (const name of LAZY) {
        const from = `const ${name} = require('${name}');`;
        if (out.split(from).length !== 2) {
          throw new Error(`ws-lazy-tls: expected one ${JSON.stringify(from)} in ${id}`);
        }
        out = out.replace(from, `const ${name} = ${lazyRequire(name)};`);
      }
      return out;
    },
  };
}
