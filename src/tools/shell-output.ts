/** Keep the head and the tail of a long output (whole lines where possible) within `capBytes`. */
export function capOutput(
  text: string,
  capBytes: number,
  alreadyCut: { lines: number; bytes: number } = { lines: 0, bytes: 0 },
): string {
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= capBytes && alreadyCut.bytes === 0) return text;
  const half = Math.max(0, Math.floor(capBytes / 2));
  let headEnd = half;
  const headNewline = buf.lastIndexOf(0x0a, Math.max(0, headEnd - 1));
  if (headNewline >= 0 && headNewline < headEnd) headEnd = headNewline + 1;
  else while (headEnd > 0 && ((buf[headEnd] ?? 0) & 0xc0) === 0x80) headEnd -= 1;
  let tailStart = buf.length - half;
  const tailNewline = buf.indexOf(0x0a, Math.max(0, tailStart - 1));
  if (tailNewline >= 0 && tailNewline + 1 < buf.length) tailStart = tailNewline + 1;
  else while (tailStart < buf.length && ((buf[tailStart] ?? 0) & 0xc0) === 0x80) tailStart += 1;
  if (tailStart < headEnd) tailStart = headEnd;
  const middle = buf.subarray(headEnd, tailStart);
  let cutLines = alreadyCut.lines;
  for (let i = middle.indexOf(0x0a); i >= 0; i = middle.indexOf(0x0a, i + 1)) cutLines += 1;
  const head = buf.subarray(0, headEnd).toString("utf8");
  const tail = buf.subarray(tailStart).toString("utf8");
  const gap = head === "" || head.endsWith("\n") ? "" : "\n";
  const lines = cutLines === 1 ? "1 line" : `${cutLines} lines`;
  const bytes = middle.length + alreadyCut.bytes;
  return `${head}${gap}[... ${lines} (${bytes} bytes) truncated ...]\n${tail}`;
}

export interface ShellOutcome {
  exitCode: number | null;
  signal?: string | undefined;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** Everything kept (for the UI), with a marker where memory bounds dropped text. */
  output: string;
  /** The same without the marker, and what was dropped (for the model's truncation line). */
  modelOutput?: string;
  dropped?: { lines: number; bytes: number };
}

const SIGNAL_NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/** The exit code of a command killed on timeout (as `timeout(1)` and Codex report it). */
export const TIMEOUT_EXIT_CODE = 124;

/** The exit code the model sees: 124 for a timeout, 130 for an abort, 128+n for a signal. */
export function reportedExitCode(outcome: ShellOutcome): number {
  if (outcome.timedOut) return TIMEOUT_EXIT_CODE;
  if (outcome.aborted) return 130;
  if (outcome.exitCode !== null) return outcome.exitCode;
  return 128 + (SIGNAL_NUMBERS[outcome.signal ?? ""] ?? 0);
}

/** `Exit code: N` / `Wall time: S seconds` / `Output:` then the capped output. */
export function formatShellOutput(
  outcome: ShellOutcome,
  capBytes: number,
  timeoutMs: number,
): string {
  const notes: string[] = [];
  if (outcome.timedOut) notes.push(`command timed out after ${timeoutMs} ms and was killed`);
  if (outcome.aborted) notes.push("command aborted: the turn was interrupted");
  const text = outcome.modelOutput ?? outcome.output;
  const body = notes.length ? `${notes.join("\n")}\n${text}` : text;
  return [
    `Exit code: ${reportedExitCode(outcome)}`,
    `Wall time: ${(outcome.durationMs / 1000).toFixed(1)} seconds`,
    "Output:",
    capOutput(body, capBytes, outcome.dropped),
  ].join("\n");
}
