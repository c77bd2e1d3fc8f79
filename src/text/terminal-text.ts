/**
 * Text from the model, a tool or a file, made safe to print: a control sequence in it must
 * never move the cursor, clear the screen or hide part of a command the person approves.
 */

// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), other two-byte ESC sequences.
const ESCAPE_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]/g;
// C0 controls except \t and \n, DEL, the C1 range, and the bidi embeddings, overrides and
// isolates (U+202A–202E, U+2066–2069), which reorder what follows them on the line.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const HAS_SPECIAL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const TAB_STOP = 8;

function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let out = "";
  for (const ch of line) {
    out += ch === "\t" ? " ".repeat(TAB_STOP - (out.length % TAB_STOP)) : ch;
  }
  return out;
}

function caret(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 64)}`;
  if (code === 0x7f) return "^?";
  return "\ufffd";
}

/**
 * Every control character shown as text (ESC as "^[", CR as "^M", C1 and bidi controls as
 * U+FFFD); tabs expanded.
 */
export function printable(text: string): string {
  if (!HAS_SPECIAL.test(text)) return text;
  return text
    .split("\n")
    .map((line) => expandTabs(line).replace(CONTROL, caret))
    .join("\n");
}

/** What a terminal would show of one line with carriage returns: later text overwrites. */
function overstrike(line: string): string {
  const parts = line.split("\r");
  let shown = parts[0] ?? "";
  for (const part of parts.slice(1)) shown = part + shown.slice(part.length);
  return shown;
}

/**
 * Output as a terminal would leave it, without its control sequences: colours and cursor
 * moves dropped, a carriage return overwrites the line (progress bars), CRLF is a newline,
 * other controls shown as text.
 */
export function shownOutput(text: string): string {
  if (!HAS_SPECIAL.test(text)) return text;
  return printable(
    text
      .replace(ESCAPE_SEQUENCE, "")
      .replace(/\r+\n/g, "\n")
      .split("\n")
      .map(overstrike)
      .join("\n"),
  );
}

// What a message may not carry: C0 controls but \t and \n, DEL and the C1 range.
const MESSAGE_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text typed or pasted, as a message may carry it: escape sequences (colours, cursor moves)
 * dropped, CR and CRLF made newlines, every other control character dropped; tabs and
 * newlines stay.
 */
export function withoutControls(text: string): string {
  if (!HAS_SPECIAL.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, "").replace(/\r\n?/g, "\n").replace(MESSAGE_CONTROL, "");
}
