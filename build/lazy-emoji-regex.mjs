// string-width's `/^\p{RGI_Emoji}$/v` is built when its module loads. From V8's code cache
// (bin/code-cache.js) building that literal costs 30–60 ms here (1–4 ms when compiled from
// source), although only text outside build/narrow-string-width.mjs's one-column set ever needs
// it. This rolldown plugin builds it on first use; string-width only calls its `test`.
import { replaceOnce } from "./replace-once.mjs";

const STRING_WIDTH = /string-width[\\/]index\.js$/;
const DECLARATION = "const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;";
const LAZY = [
  "let rgiEmoji;",
  'const rgiEmojiRegex = { test: (text) => (rgiEmoji ??= new RegExp("^\\\\p{RGI_Emoji}$", "v")).test(text) };',
].join("\n");

export function lazyEmojiRegex() {
  return {
    name: "lazy-emoji-regex",
    transform(code, id) {
      if (!STRING_WIDTH.test(id)) return null;
      // the one use the stand-in covers
      replaceOnce("lazy-emoji-regex", code, "rgiEmojiRegex.test(", "", id);
      const uses = code.split("rgiEmojiRegex").length - 1;
      if (uses !== 2) throw new Error(`lazy-emoji-regex: expected 2 mentions of rgiEmojiRegex in ${id}, found ${uses}`);
      return { code: replaceOnce("lazy-emoji-regex", code, DECLARATION, LAZY, id), map: null };
    },
  };
}
