// Puts build/narrow-first-segmenter.mjs in place of `new Intl.Segmenter(` in the text modules
// Ink draws with (rolldown plugin; see that file for why).
import { fileURLToPath } from "node:url";
import { replaceOnce } from "./replace-once.mjs";

const MODULES = [
  /@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
  /slice-ansi[\\/]tokenize-ansi\.js$/,
  /string-width[\\/]index\.js$/,
];
const SEGMENTER = fileURLToPath(new URL("./narrow-first-segmenter.mjs", import.meta.url));

export function narrowFirstSegmenter() {
  return {
    name: "narrow-first-segmenter",
    transform(code, id) {
      if (!MODULES.some((pattern) => pattern.test(id))) return null;
      const replaced = replaceOnce(
        "narrow-first-segmenter",
        code,
        "new Intl.Segmenter(",
        "new NarrowFirstSegmenter(",
        id,
      );
      const header = `import { NarrowFirstSegmenter } from ${JSON.stringify(SEGMENTER)};\n`;
      return { code: header + replaced, map: null };
    },
  };
}
