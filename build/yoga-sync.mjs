// Yoga (yoga-layout's Emscripten loader, inlined wasm) set up synchronously at module load.
// As shipped, the loader reads its wasm with `fetch(data:…)` whenever `fetch` exists — on Node
// the first fetch loads undici, tens of milliseconds on the TUI's first frame — and its index
// awaits the result at top level, which a CommonJS bundle (the code-cached one) cannot hold.
// This rolldown plugin gives the loader a synchronous path: the inlined base64 decoded by
// Buffer, then `new WebAssembly.Module`/`Instance`; the index passes the Emscripten module
// object, which the loader fills in before it returns, and wraps it without awaiting.
import { replaceOnce } from "./replace-once.mjs";

const LOADER = /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const INDEX = /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/;

const LOADER_HOOK = "if(h.instantiateWasm)try{";
const DATA_URL = 'H="data:application/octet-stream;base64,';
// the inlined wasm decoded by Buffer (the loader's own decode is an atob + charCode loop)
const LOADER_SYNC = `${LOADER_HOOK}if(h.instantiateWasm===true)return a(new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(H.slice(37),"base64")),d)),{};`;
const INDEX_AWAIT = "const Yoga = wrapAssembly(await loadYoga());";
const INDEX_SYNC = [
  "const yogaModule = { instantiateWasm: true };",
  "loadYoga(yogaModule);",
  "if (!yogaModule.calledRun) throw new Error('yoga-layout did not start synchronously');",
  "const Yoga = wrapAssembly(yogaModule);",
].join("\n");

export function yogaSync() {
  return {
    name: "yoga-sync",
    transform(code, id) {
      if (LOADER.test(id)) {
        // the names LOADER_SYNC relies on: the data URL (37 characters before the base64),
        // the imports and the callback
        replaceOnce("yoga-sync", code, DATA_URL, "", id);
        replaceOnce("yoga-sync", code, "return h.instantiateWasm(d,\na)}", "", id);
        return { code: replaceOnce("yoga-sync", code, LOADER_HOOK, LOADER_SYNC, id), map: null };
      }
      if (INDEX.test(id)) return { code: replaceOnce("yoga-sync", code, INDEX_AWAIT, INDEX_SYNC, id), map: null };
      return null;
    },
  };
}
