// The TUI bundle's `string-width` (rolldown.config.mjs aliases it here): text made only of
// characters that are one column wide everywhere — printable ASCII and Latin-1, common
// punctuation (– — ’ “ … · ›), arrows ← ↑ → ↓, box drawing and block elements, ✓ — is
// measured by its length; anything else goes to the real string-width. Its Unicode-property
// regular expressions and its Intl.Segmenter take tens of milliseconds to set up on first use,
// which used to land on the first frame of the TUI.
import realStringWidth from "string-width-real";
import stripAnsi from "strip-ansi";

const NARROW =
  /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u00ff\u2010-\u2027\u2030-\u205e\u2190-\u2199\u2500-\u259f\u2713]*$/;

export default function stringWidth(input, options) {
  if (typeof input === "string" && !options?.countAnsiEscapeCodes) {
    // Ink measures styled text: colour codes take no columns
    const plain = input.includes("\u001b") || input.includes("\u009b") ? stripAnsi(input) : input;
    if (NARROW.test(plain)) return plain.length;
  }
  return realStringWidth(input, options);
}
