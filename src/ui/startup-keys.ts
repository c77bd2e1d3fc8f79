/**
 * Keys typed while the TUI starts: in the terminal's cooked mode they are echoed where the
 * cursor is (a stray line above the first frame). Raw mode from the first moment stops the
 * echo; the keys wait unread in the terminal's buffer and Ink reads them at its first frame.
 * No ink or react here: the CLI calls this before it loads anything heavy.
 */
export function holdStartupKeys(stdin: NodeJS.ReadStream = process.stdin): void {
  if (!stdin.isTTY) return;
  try {
    stdin.setRawMode(true);
  } catch {
    // A terminal that refuses raw mode echoes as before; Ink will say so when it starts.
  }
}
