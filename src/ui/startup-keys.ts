/** Carriage return and erase the line: what the terminal echoed before raw mode goes. */
const ERASE_ECHO = "\r\u001b[2K";

/**
 * Keys typed while the TUI starts: in the terminal's cooked mode they are echoed where the
 * cursor is (a stray line above the first frame). Raw mode from the first moment stops the
 * echo, and what was echoed before it (while Node itself started) is erased; the keys wait
 * unread in the terminal's buffer and Ink reads them at its first frame.
 * No ink or react here: the CLI calls this before it loads anything heavy.
 * Returns how to give the terminal back (when start-up fails before Ink takes over).
 */
export function holdStartupKeys(
  stdin: NodeJS.ReadStream = process.stdin,
  stdout: NodeJS.WriteStream = process.stdout,
): () => void {
  if (!stdin.isTTY) return () => {};
  try {
    stdin.setRawMode(true);
  } catch {
    // A terminal that refuses raw mode echoes as before; Ink will say so when it starts.
    return () => {};
  }
  if (stdout.isTTY) stdout.write(ERASE_ECHO);
  return () => {
    if (stdin.isRaw) stdin.setRawMode(false);
  };
}
