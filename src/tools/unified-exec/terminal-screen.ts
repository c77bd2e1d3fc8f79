import type { IMarker, Terminal } from "@xterm/headless";

/** The size of every session's terminal: wide enough that few lines wrap, a screenful high. */
export const TERMINAL_COLS = 120;
export const TERMINAL_ROWS = 30;
/** Lines kept above the screen; older ones are dropped (and the reader is told). */
const TERMINAL_SCROLLBACK = 10_000;

/** What a reader gets: the text a terminal shows, and whether lines scrolled out unread. */
export interface ScreenText {
  text: string;
  scrolledOut: boolean;
}

/**
 * A process's output as a terminal would show it (cursor moves, colours, `\r` progress lines
 * applied), rendered by a headless xterm. `readNew` returns what appeared since the last read.
 */
export class TerminalScreen {
  private readMark: IMarker | undefined;
  private everRead = false;

  private constructor(private readonly term: Terminal) {}

  /** `pipes`: plain output from pipes, where `\n` alone starts a new line. */
  static async create(pipes: boolean): Promise<TerminalScreen> {
    // loaded at the first exec_command, not at start-up
    const { default: xterm } = await import("@xterm/headless");
    const term = new xterm.Terminal({
      cols: TERMINAL_COLS,
      rows: TERMINAL_ROWS,
      scrollback: TERMINAL_SCROLLBACK,
      convertEol: pipes,
      allowProposedApi: true,
    });
    return new TerminalScreen(term);
  }

  write(data: string): void {
    this.term.write(data);
  }

  /** Answers the terminal gives to the program's queries (cursor position, device attributes). */
  onReply(listener: (data: string) => void): void {
    this.term.onData(listener);
  }

  /** Resolves once everything written so far is on the screen. */
  settled(): Promise<void> {
    return new Promise((resolve) => this.term.write("", resolve));
  }

  /** The lines from the cursor's line at the last read to the cursor now (wrapped lines joined). */
  readNew(): ScreenText {
    const buffer = this.term.buffer.active;
    const mark = this.readMark;
    const scrolledOut = this.everRead && (mark === undefined || mark.isDisposed);
    const from = mark && !mark.isDisposed ? mark.line : 0;
    const text = this.lines(from, buffer.baseY + buffer.cursorY);
    mark?.dispose();
    this.readMark = this.term.registerMarker(0);
    this.everRead = true;
    return { text, scrolledOut };
  }

  /** Everything kept (scrollback and screen). */
  all(): string {
    const buffer = this.term.buffer.active;
    return this.lines(0, buffer.length - 1);
  }

  /** The last line with text on it. */
  lastLine(): string {
    const lines = this.all().split("\n");
    return lines.findLast((line) => line.trim() !== "") ?? "";
  }

  dispose(): void {
    this.term.dispose();
  }

  private lines(from: number, to: number): string {
    const buffer = this.term.buffer.active;
    const out: string[] = [];
    for (let y = Math.max(0, from); y <= to; y++) {
      const line = buffer.getLine(y);
      if (!line) continue;
      const text = line.translateToString(true);
      if (line.isWrapped && out.length > 0) out[out.length - 1] += text;
      else out.push(text);
    }
    while (out.length > 0 && out[out.length - 1] === "") out.pop();
    return out.length === 0 ? "" : `${out.join("\n")}\n`;
  }
}
