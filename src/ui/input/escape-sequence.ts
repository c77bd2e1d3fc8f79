const ESC = "\u001b";

/** A CSI's parameter and intermediate bytes (0x20–0x3f) and its final byte (0x40–0x7e). */
const isCsiBody = (code: number) => code >= 0x20 && code <= 0x3f;
const isFinal = (code: number) => code >= 0x40 && code <= 0x7e;
/** `Esc [` or `Esc O` not followed by a sequence, or `Esc Esc` before anything else: a key of two. */
const NOT_A_SEQUENCE = 2;

/**
 * Where the escape sequence `text` starts with ends (pure): its length, "incomplete" when `text`
 * stops inside it (the terminal's read was cut: the rest comes in the next read), or 0 when
 * `text` does not start with Esc. The grammar is Ink 6.8's (its input parser cuts keys the same
 * way): CSI `Esc [ params final` (also the legacy `Esc [ [ A`), SS3 `Esc O final`, either after
 * a second Esc (Alt+the key), and Esc + one character (Alt+character).
 */
export function escapeSequenceEnd(text: string): number | "incomplete" {
  if (!text.startsWith(ESC)) return 0;
  const prefix = text[1] === ESC ? 2 : 1;
  const kind = text[prefix];
  if (kind === undefined) return "incomplete";
  if (kind === "[") {
    for (let at = prefix + 1; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (isCsiBody(code) || (code === 0x5b && at === prefix + 1)) continue;
      return isFinal(code) ? at + 1 : NOT_A_SEQUENCE;
    }
    return "incomplete";
  }
  if (kind === "O") {
    if (text.length < prefix + 2) return "incomplete";
    return isFinal(text.charCodeAt(prefix + 1)) ? prefix + 2 : NOT_A_SEQUENCE;
  }
  if (prefix === 2) return NOT_A_SEQUENCE;
  return 1 + ((text.codePointAt(1) ?? 0) > 0xffff ? 2 : 1);
}
