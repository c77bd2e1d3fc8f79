// Yoga's Emscripten loader (yoga-layout's yoga-wasm-base64-esm.js) reads its inlined wasm with
// `fetch(dataURL)` whenever `fetch` exists. On Node that first `fetch` loads undici (tens of
// milliseconds on the TUI's first frame) only to decode a base64 string the loader can decode
// itself. This rolldown plugin makes the loader take its own synchronous decode path.
const YOGA_LOADER = /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const FETCH_CHECK = '"function"!=typeof fetch';

export function yogaWithoutFetch() {
  return {
    name: "yoga-without-fetch",
    transform(code, id) {
      if (!YOGA_LOADER.test(id)) return null;
      const count = code.split(FETCH_CHECK).length - 1;
      // a yoga-layout upgrade that changed its loader must be looked at, not bundled blind
      if (count !== 2) throw new Error(`yoga-without-fetch: expected 2 fetch checks, found ${count}`);
      return { code: code.replaceAll(FETCH_CHECK, "true"), map: null };
    },
  };
}
