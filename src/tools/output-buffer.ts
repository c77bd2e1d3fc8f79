/** How much command output is kept in memory (characters): head and tail halves. */
const DEFAULT_RETAINED_CHARS = 8_000_000;

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}

/**
 * A command's output with bounded memory: the first half of the budget is kept whole, the
 * rest is a rolling tail; what falls out of the middle is only counted.
 */
export class BoundedOutput {
  private head = "";
  private readonly tail: string[] = [];
  private tailLength = 0;
  droppedLines = 0;
  droppedChars = 0;

  constructor(private readonly limitChars: number = DEFAULT_RETAINED_CHARS) {}

  append(chunk: string): void {
    const half = Math.floor(this.limitChars / 2);
    let text = chunk;
    if (this.tail.length === 0 && this.head.length < half) {
      const room = half - this.head.length;
      this.head += text.slice(0, room);
      text = text.slice(room);
      if (text === "") return;
    }
    this.tail.push(text);
    this.tailLength += text.length;
    while (this.tailLength > half) {
      const first = this.tail[0]!;
      const excess = this.tailLength - half;
      const dropped = first.length <= excess ? first : first.slice(0, excess);
      if (dropped === first) this.tail.shift();
      else this.tail[0] = first.slice(excess);
      this.tailLength -= dropped.length;
      this.droppedChars += dropped.length;
      this.droppedLines += countNewlines(dropped);
    }
  }

  /** The kept text; with `marker`, a line stands where text was dropped. */
  text(marker = true): string {
    const tail = this.tail.join("");
    if (this.droppedChars === 0 || !marker) return this.head + tail;
    const gap = this.head.endsWith("\n") ? "" : "\n";
    return `${this.head}${gap}[... ${this.droppedLines} lines (${this.droppedChars} characters) not kept ...]\n${tail}`;
  }
}
